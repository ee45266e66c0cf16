"""Game records in Botzone's text format: read, check, write, export (docs/records.md)."""
