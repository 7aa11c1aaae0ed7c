// oleaut32.dll: BSTRs, VARIANTs and SAFEARRAYs, the currency of COM automation.

let library: ReturnType<typeof open> | null = null;

function open() {
  return Deno.dlopen("oleaut32.dll", {
    SysAllocString: { parameters: ["buffer"], result: "pointer" },
    SysFreeString: { parameters: ["pointer"], result: "void" },
    SysStringLen: { parameters: ["pointer"], result: "u32" },
    VariantInit: { parameters: ["buffer"], result: "void" },
    VariantClear: { parameters: ["buffer"], result: "i32" },
    SafeArrayGetLBound: { parameters: ["pointer", "u32", "buffer"], result: "i32" },
    SafeArrayGetUBound: { parameters: ["pointer", "u32", "buffer"], result: "i32" },
    SafeArrayAccessData: { parameters: ["pointer", "buffer"], result: "i32" },
    SafeArrayUnaccessData: { parameters: ["pointer"], result: "i32" },
    SafeArrayDestroy: { parameters: ["pointer"], result: "i32" },
    SafeArrayCreateVector: { parameters: ["u16", "i32", "u32"], result: "pointer" },
  });
}

export function oleaut32() {
  library ??= open();
  return library.symbols;
}
