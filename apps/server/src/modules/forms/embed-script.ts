import type { TApp } from "../../app-types";

/**
 * The auto-resizing embed: customers paste
 *   <script src="https://app/api/public/embed.js" data-leadpost-form="{formId}" async></script>
 * It puts the borderless form page in an iframe right after itself, passes the host page's address (the
 * lead's landing page) and referrer, and sizes the frame to the height the form reports. Plain ES5 with
 * no dependencies, so it runs on any site.
 */
export const EMBED_SCRIPT = `(function () {
  var script = document.currentScript;
  if (!script || !script.parentNode) return;
  var formId = script.getAttribute("data-leadpost-form") || "";
  if (!/^[0-9a-fA-F-]{36}$/.test(formId)) return;
  var origin = new URL(script.src).origin;
  var params = new URLSearchParams({ page: location.href });
  if (document.referrer) params.set("ref", document.referrer);
  var frame = document.createElement("iframe");
  frame.src = origin + "/forms/" + formId + "/embed?" + params.toString();
  frame.title = script.getAttribute("data-title") || "Form";
  frame.style.cssText = "display:block;width:100%;height:640px;border:0;overflow:hidden";
  frame.setAttribute("scrolling", "no");
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener("message", function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data || {};
    if (data.type === "leadpost:form-height" && typeof data.height === "number" && data.height > 0) {
      frame.style.height = Math.ceil(data.height) + "px";
    } else if (data.type === "leadpost:form-step") {
      frame.scrollIntoView({ block: "start" });
    }
  });
})();
`;

export function registerEmbedScript(app: TApp) {
  app.get("/api/public/embed.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(EMBED_SCRIPT, 200);
  });
}
