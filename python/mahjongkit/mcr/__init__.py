"""Four-player Mahjong under the Chinese Official competition rules (MCR)."""
