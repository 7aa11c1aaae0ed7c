// HRESULTs: failures become errors that name the call and the code.

const NAMES: Record<number, string> = {
  0x80004001: "E_NOTIMPL",
  0x80004002: "E_NOINTERFACE",
  0x80004003: "E_POINTER",
  0x80004005: "E_FAIL",
  0x8000ffff: "E_UNEXPECTED",
  0x80070005: "E_ACCESSDENIED",
  0x80070057: "E_INVALIDARG",
  0x8007000e: "E_OUTOFMEMORY",
  0x80040154: "REGDB_E_CLASSNOTREG",
  0x800401f0: "CO_E_NOTINITIALIZED",
  0x80010106: "RPC_E_CHANGED_MODE",
  0x80040201: "UIA_E_ELEMENTNOTAVAILABLE",
  0x80131505: "UIA_E_TIMEOUT",
  0x80131509: "UIA_E_INVALIDOPERATION",
  0x80070490: "ERROR_NOT_FOUND",
  0x80020003: "DISP_E_MEMBERNOTFOUND",
  0x80070578: "ERROR_INVALID_WINDOW_HANDLE",
};

/** The unsigned 32-bit form of an HRESULT (FFI returns it signed). */
export function unsignedHResult(hr: number): number {
  return hr >>> 0;
}

export function hresultText(hr: number): string {
  const code = unsignedHResult(hr);
  const hex = `0x${code.toString(16).padStart(8, "0")}`;
  const name = NAMES[code];
  return name ? `${name} (${hex})` : hex;
}

export class HResultError extends Error {
  constructor(readonly call: string, readonly hr: number) {
    super(`${call} failed: ${hresultText(hr)}`);
  }

  get code(): number {
    return unsignedHResult(this.hr);
  }
}

/** Throws when `hr` is a failure (negative); S_FALSE (1) and other successes pass. */
export function check(hr: number, call: string): number {
  if (hr < 0) throw new HResultError(call, hr);
  return hr;
}
