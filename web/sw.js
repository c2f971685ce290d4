// sudokit's service worker: keeps the page and the WebAssembly in a cache so
// that after one visit the page loads and plays with the network off.
// Network first (a new build is seen at once when online), the cache when
// the network fails; every good answer refreshes the cache.
const CACHE = 'sudokit-v1';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'sudokit.js', 'worker.js', 'sudokit.wasm',
  'manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // A shared link (?p=...) is the page itself: its query is the page's
    // business, not the cache's, which keeps one copy of the page.
    const key = event.request.mode === 'navigate' ? url.origin + url.pathname : event.request;
    try {
      const answer = await fetch(event.request);
      if (answer.ok) await cache.put(key, answer.clone());
      return answer;
    } catch (offline) {
      const kept = await cache.match(key);
      if (kept) return kept;
      throw offline;
    }
  })());
});
