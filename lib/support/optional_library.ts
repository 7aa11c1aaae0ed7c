// Native libraries a machine may lack (DLLs of older Windows versions or
// wine, libturbojpeg on a Linux without the package, anything on another
// system): opened once on first use, null when they cannot be loaded, so
// callers take their fallback.

export function optionalLibrary<S extends Deno.ForeignLibraryInterface>(
  path: string,
  symbols: S,
): () => Deno.DynamicLibrary<S>["symbols"] | null {
  let library: Deno.DynamicLibrary<S> | null | undefined;
  return () => {
    if (library === undefined) {
      try {
        library = Deno.dlopen(path, symbols);
      } catch {
        library = null;
      }
    }
    return library?.symbols ?? null;
  };
}
