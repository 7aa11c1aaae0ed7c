// COM must be initialised on each thread that uses it. The Windows desktop
// worker joins the multithreaded apartment, as UI Automation clients should
// (calls are then not pumped through a message loop of ours).

import { ole32 } from "../ffi/ole32.ts";
import { hresultText, unsignedHResult } from "./hresult.ts";

const COINIT_MULTITHREADED = 0;
const RPC_E_CHANGED_MODE = 0x80010106;

let entered = false;

/** Joins the multithreaded apartment once; a thread already in an apartment keeps it. */
export function enterApartment(): void {
  if (entered) return;
  const hr = ole32().CoInitializeEx(null, COINIT_MULTITHREADED);
  if (hr < 0 && unsignedHResult(hr) !== RPC_E_CHANGED_MODE) {
    throw new Error(`CoInitializeEx failed: ${hresultText(hr)}`);
  }
  entered = true;
}

export function leaveApartment(): void {
  if (!entered) return;
  ole32().CoUninitialize();
  entered = false;
}
