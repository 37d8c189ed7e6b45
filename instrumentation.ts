// Runs once when the server starts (Next's instrumentation hook). Node-only work lives in its own module, which the Edge
// bundle never includes.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./instrumentation-node");
}
