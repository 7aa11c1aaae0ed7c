// GLib/GObject symbols the AT-SPI layer needs: freeing what libatspi hands us and
// pumping the default main context so libatspi's cache sees D-Bus events.

export const GLIB_LIBRARY = "libglib-2.0.so.0";
export const GOBJECT_LIBRARY = "libgobject-2.0.so.0";

const glibSymbols = {
  g_free: { parameters: ["pointer"], result: "void" },
  g_array_free: { parameters: ["pointer", "i32"], result: "pointer" },
  g_error_free: { parameters: ["pointer"], result: "void" },
  g_main_context_iteration: { parameters: ["pointer", "i32"], result: "i32" },
} as const;

const gobjectSymbols = {
  g_object_ref: { parameters: ["pointer"], result: "pointer" },
  g_object_unref: { parameters: ["pointer"], result: "void" },
  g_boxed_free: { parameters: ["usize", "pointer"], result: "void" },
} as const;

export type GLib = Deno.DynamicLibrary<typeof glibSymbols>["symbols"];
export type GObject = Deno.DynamicLibrary<typeof gobjectSymbols>["symbols"];

export function openGLib(): { glib: GLib; gobject: GObject; close(): void } {
  const glib = Deno.dlopen(GLIB_LIBRARY, glibSymbols);
  const gobject = Deno.dlopen(GOBJECT_LIBRARY, gobjectSymbols);
  return {
    glib: glib.symbols,
    gobject: gobject.symbols,
    close() {
      glib.close();
      gobject.close();
    },
  };
}
