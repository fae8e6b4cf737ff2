// Local stand-in for the Google Publisher Tag (DEV_OUTBOX on): draws a labelled test creative of the
// slot's exact size into its element, so the ad slots can be checked without any third party.
(function () {
  var queued = (window.googletag && window.googletag.cmd) || [];
  var pubads = { enableSingleRequest: function () {}, refresh: function () {} };
  var slots = {};
  function draw(id) {
    var slot = slots[id];
    var el = document.getElementById(id);
    if (!slot || !el) return;
    var box = document.createElement("div");
    box.setAttribute("data-test-creative", slot.path);
    box.style.cssText =
      "width:" + slot.size[0] + "px;height:" + slot.size[1] + "px;max-width:100%;display:flex;align-items:center;justify-content:center;" +
      "flex-direction:column;gap:4px;background:repeating-linear-gradient(45deg,#eefaf8,#eefaf8 10px,#d5f2ee 10px,#d5f2ee 20px);" +
      "color:#0d4a48;font:600 13px system-ui,sans-serif;border:1px solid #aee4dc;box-sizing:border-box";
    box.textContent = "Testni oglas " + slot.size[0] + " × " + slot.size[1];
    el.replaceChildren(box);
  }
  // Like the real library, it fills in the page's existing googletag object.
  var googletag = window.googletag || {};
  var api = {
    apiReady: true,
    cmd: { push: function (fn) { fn(); return 1; } },
    pubads: function () { return pubads; },
    enableServices: function () {},
    defineSlot: function (path, size, id) {
      var slot = { path: path, size: size, id: id, addService: function () { return slot; } };
      slots[id] = slot;
      return slot;
    },
    display: function (id) { draw(id); },
    destroySlots: function (list) {
      (list || []).forEach(function (s) {
        var el = document.getElementById(s.id);
        if (el) el.replaceChildren();
        delete slots[s.id];
      });
      return true;
    },
  };
  for (var key in api) googletag[key] = api[key];
  window.googletag = googletag;
  window.__avtotrgGpt = true;
  for (var i = 0; i < queued.length; i++) queued[i]();
})();
