// The service worker: it keeps the page's own files, so that the page opens without the
// server, and leaves the API to the network (offline, the page plays on by offline.js and
// the server checks those moves when it is back). Network first: a new version of the page
// shows at once whenever the server answers.
"use strict";

const CACHE = "mahjongkit-page-v3";
const FILES = [
  "/",
  "/manifest.webmanifest",
  "/static/style.css",
  "/static/tiles.js",
  "/static/nav.js",
  "/static/offline.js",
  "/static/app.js",
  "/static/favicon.svg",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api")) return;
  // Kept by path: every address of the page (/?layout=..., /?daily=...) is the one page,
  // and another page of the site (/mcr) is kept apart from it.
  const key = url.pathname;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  }).catch(() => caches.match(key).then((hit) => hit || Response.error())));
});
