/*
 * Search for the site opened from disk (file://), with nothing fetched from the web.
 *
 * The theme's search runs in a Web Worker, and browsers refuse to start a worker from a
 * file:// page. Material's offline plugin fixes that with a shim it loads from unpkg.com;
 * this file is our own stand-in (mkdocs.yml names it in extra.polyfills, and its name tells
 * the offline plugin that a shim is present): on a file:// page, `Worker` runs the worker's
 * script in a hidden same-origin frame, and messages go through events on both sides.
 */
(function () {
  "use strict";
  if (location.protocol !== "file:" || typeof window.EventTarget !== "function") return;

  class FrameWorker extends EventTarget {
    constructor(url) {
      super();
      this.onmessage = null;
      this.onerror = null;
      this._queue = [];
      this._frame = document.createElement("iframe");
      this._frame.style.display = "none";
      this._frame.setAttribute("aria-hidden", "true");
      document.documentElement.appendChild(this._frame);
      const inner = this._frame.contentWindow;
      const outer = this;
      // the worker's side: what it posts comes out here as a "message" event
      inner.postMessage = function (data) {
        const event = new MessageEvent("message", { data: data });
        if (typeof outer.onmessage === "function") outer.onmessage(event);
        outer.dispatchEvent(event);
      };
      inner.importScripts = function () {  // asynchronous here: only for extra languages
        for (const source of arguments) {
          const extra = inner.document.createElement("script");
          extra.src = new URL(source, location.href).href;
          inner.document.head.appendChild(extra);
        }
      };
      const script = inner.document.createElement("script");
      script.src = new URL(url, location.href).href;
      script.onload = () => {
        const waiting = this._queue;
        this._queue = null;
        for (const data of waiting) this._deliver(data);
      };
      script.onerror = () => {
        const event = new ErrorEvent("error", { message: "cannot load " + script.src });
        if (typeof this.onerror === "function") this.onerror(event);
        this.dispatchEvent(event);
      };
      inner.document.head.appendChild(script);
    }

    _deliver(data) {
      this._frame.contentWindow.dispatchEvent(new MessageEvent("message", { data: data }));
    }

    postMessage(data) {
      if (this._queue) this._queue.push(data);
      else this._deliver(data);
    }

    terminate() {
      this._frame.remove();
    }
  }

  window.Worker = FrameWorker;
})();
