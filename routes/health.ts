// GET /api/healthz and GET /api/metrics.
// Neither consumes a step id; both are cheap enough to poll.

import type { Hono } from "hono";
import type { Session } from "../lib/runtime/session.ts";
import { OCR_HINT } from "../lib/services/ocr/index.ts";
import { OcrEngine } from "../lib/services/ocr/engine.ts";

/** The engine, as the original's Tesseract diagnostics named it. */
const ENGINE_VERSION = "tesseract.js 7.0.0";

export function healthRoutes(app: Hono, session: Session): void {
  app.get("/api/healthz", (c) =>
    c.json({
      ok: true,
      uptime_s: session.uptimeSeconds,
      step_count: session.steps,
      adapter: session.adapter.name,
      is_mock: session.adapter.isMock,
      tree_source: session.adapter.treeSource(),
      version: session.config.mcp.version,
      tree_cache: session.cache.counters(),
      audit: auditHead(session),
      config_path: session.info.configPath,
      config_error: session.info.configError,
      ocr: ocrDiagnostic(session),
    }));

  app.get("/api/metrics", (c) => {
    const t = session.cache.counters();
    const lines = [
      "# HELP oso_step_count Total tool calls processed",
      "# TYPE oso_step_count counter",
      `oso_step_count ${session.steps}`,
      "# HELP oso_uptime_seconds Process uptime",
      "# TYPE oso_uptime_seconds gauge",
      `oso_uptime_seconds ${session.uptimeSeconds}`,
      "# HELP oso_tree_cache_hits_total Tree-cache lookups served from a fresh cached capture",
      "# TYPE oso_tree_cache_hits_total counter",
      `oso_tree_cache_hits_total ${t.hits}`,
      "# HELP oso_tree_cache_misses_total Tree-cache lookups that required a fresh " +
      "accessibility-tree walk",
      "# TYPE oso_tree_cache_misses_total counter",
      `oso_tree_cache_misses_total ${t.misses}`,
      "# HELP oso_tree_cache_entries Windows currently cached",
      "# TYPE oso_tree_cache_entries gauge",
      `oso_tree_cache_entries ${t.entries}`,
      "# HELP oso_tree_capture_ms Accessibility-tree capture latency summary (milliseconds)",
      "# TYPE oso_tree_capture_ms summary",
      `oso_tree_capture_ms_sum ${Math.round(t.capture_ms_total)}`,
      `oso_tree_capture_ms_count ${t.capture_count}`,
      "# HELP oso_tree_capture_ms_max Slowest tree capture this session (milliseconds)",
      "# TYPE oso_tree_capture_ms_max gauge",
      `oso_tree_capture_ms_max ${Math.round(t.capture_ms_max)}`,
      "# HELP oso_http_connections HTTP connections open now",
      "# TYPE oso_http_connections gauge",
      `oso_http_connections ${session.httpConnections()}`,
      // Untyped, as the original printed it.
      `oso_active_trace ${session.trace.active ? 1 : 0}`,
      "# HELP oso_ocr_engine_reads_total Pictures the OCR engine read",
      "# TYPE oso_ocr_engine_reads_total counter",
      `oso_ocr_engine_reads_total ${session.ocr.counters.engineReads}`,
      "# HELP oso_ocr_reads_reused_total OCR reads answered from memory (the pixels had not " +
      "changed)",
      "# TYPE oso_ocr_reads_reused_total counter",
      `oso_ocr_reads_reused_total ${session.ocr.counters.reused}`,
      ...safetyMetrics(session),
    ];
    return c.body(lines.join("\n") + "\n", 200, {
      "Content-Type": "text/plain; version=0.0.4",
    });
  });
}

/** Where the audit chain ends now: a verifier given this head detects a cut-off tail. */
function auditHead(session: Session) {
  const audit = session.safety.audit;
  return audit ? { path: session.safety.settings.audit.path, ...audit.head } : null;
}

/** Budget use (only when a budget is set, as the original) and the audit chain's length. */
function safetyMetrics(session: Session): string[] {
  const { ledger } = session.safety;
  const lines: string[] = [];
  const meters = [
    ["actions", "max_actions", "Successful input tool calls"],
    ["screenshots", "max_screenshots", "Successful screenshots"],
    ["vlm_tokens", "max_vlm_tokens", "Vision-model output tokens"],
  ] as const;
  for (const [meter, limit, help] of ledger.configured ? meters : []) {
    lines.push(
      `# HELP oso_${meter}_used ${help} this session`,
      `# TYPE oso_${meter}_used counter`,
      `oso_${meter}_used ${ledger.usedOf(meter)}`,
    );
    const value = ledger.limits[limit];
    if (value !== null) {
      lines.push(`# TYPE oso_${meter}_limit gauge`, `oso_${meter}_limit ${value}`);
    }
  }
  const audit = session.safety.audit;
  if (audit) {
    lines.push(
      "# HELP oso_audit_records_total Records in the audit chain",
      "# TYPE oso_audit_records_total counter",
      `oso_audit_records_total ${audit.head.seq}`,
    );
  }
  return lines;
}

/** Whether OCR can run; cheap (the engine is not started to answer). */
function ocrDiagnostic(session: Session) {
  const problem = session.ocr.unavailable;
  return {
    pytesseract_installed: problem === null,
    // In-process: there is no executable; ocr.tesseract_cmd has no effect.
    configured_path: session.config.ocr.tesseract_cmd,
    configured_path_exists: false,
    path_discovered: null,
    data_path: OcrEngine.dataPath,
    version: problem === null ? ENGINE_VERSION : null,
    enabled: session.config.ocr.enabled,
    error: problem,
    hint: OCR_HINT,
  };
}
