// The inline script of every embedded page that sends its forms and links
// through fetch once App Bridge is there (`window.shopify`): App Bridge adds
// the merchant's current session token as `Authorization: Bearer` to each
// fetch of the app's own address, so every request to the backend carries
// it. The answer replaces the page's body (its own inline page scripts run
// again), a file is saved, and Back and Forward load their page the same
// way. Without App Bridge (its CDN unreachable, or outside the admin) the
// script does nothing: the plain forms and links carry the pages' own form
// token and work as they are. `/connect` leaves for the shipping service's
// sign-in page, so it is left a plain link.
const SCRIPT = String.raw`(function () {
  if (!window.shopify || !window.fetch || !window.DOMParser) return;
  document.documentElement.setAttribute("data-session", "app-bridge");
  function ours(url) {
    return url.origin === location.origin && /^\/(orders|settings)(\/|$)/.test(url.pathname);
  }
  function saveFile(response, disposition) {
    var name = /filename="?([^";]+)"?/.exec(disposition);
    return response.blob().then(function (blob) {
      var link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = name ? name[1] : "download";
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
    });
  }
  function show(text, url, history) {
    var next = new DOMParser().parseFromString(text, "text/html");
    document.title = next.title;
    if (next.documentElement.lang) document.documentElement.lang = next.documentElement.lang;
    document.body.replaceWith(document.adoptNode(next.body));
    if (history === "push") window.history.pushState(null, "", url);
    if (history === "replace") window.history.replaceState(null, "", url);
    next.querySelectorAll("script[data-page-script]").forEach(function (old) {
      var script = document.createElement("script");
      script.setAttribute("data-page-script", "");
      script.textContent = old.textContent;
      document.body.appendChild(script);
    });
    window.scrollTo(0, 0);
  }
  function showText(text) {
    var body = document.createElement("body");
    var alert = document.createElement("p");
    alert.setAttribute("role", "alert");
    alert.textContent = text;
    var back = document.createElement("a");
    back.href = location.href;
    back.textContent = "\u21a9";
    body.append(alert, back);
    document.body.replaceWith(body);
  }
  function load(url, init, history) {
    document.documentElement.setAttribute("aria-busy", "true");
    return fetch(url, Object.assign({ headers: { accept: "text/html" } }, init || {}))
      .then(function (response) {
        var disposition = response.headers.get("content-disposition") || "";
        if (/attachment/i.test(disposition)) return saveFile(response, disposition);
        var type = response.headers.get("content-type") || "";
        return response.text().then(function (text) {
          if (/text\/html/i.test(type)) show(text, response.url, history);
          else showText(text);
        });
      })
      .catch(function () { location.assign(url); })
      .finally(function () { document.documentElement.removeAttribute("aria-busy"); });
  }
  window.shipbridgeReload = function () { return load(location.href, {}, "replace"); };
  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || link.target || link.hasAttribute("download")) return;
    var url = new URL(link.href, location.href);
    if (!ours(url)) return;
    event.preventDefault();
    load(url.href, {}, "push");
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    var url = new URL(form.action, location.href);
    if (!ours(url)) return;
    event.preventDefault();
    var fields = new URLSearchParams(new FormData(form, event.submitter || null));
    if ((form.method || "get").toLowerCase() === "get") {
      url.search = fields.toString();
      load(url.href, {}, "push");
    } else {
      load(url.href, { method: "POST", body: fields }, "push");
    }
  });
  window.addEventListener("popstate", function () { load(location.href, {}, ""); });
})();`;

/** The script as the `<script>` element an embedded page carries after App Bridge and Polaris. */
export function sessionFetchScript(): string {
  return `<script data-app-bridge-compatible>${SCRIPT}</script>`;
}
