// What to perform from a model's reply. pyautogui: the code of its fenced
// blocks, or the whole reply when it is just WAIT, DONE or FAIL (a bare word
// beside a code block is prose and is not acted on). computer_13: the reply
// as it is (the service reads its ```json blocks).

const FENCE = /```(?:python|py)?[^\S\n]*\n([\s\S]*?)```/g;
const CONTROL = /^(WAIT|DONE|FAIL)$/;

export function pyautoguiCode(reply: string): string {
  const trimmed = reply.trim();
  if (CONTROL.test(trimmed)) return trimmed;
  const blocks = [...trimmed.matchAll(FENCE)].map((m) => m[1].trim());
  return blocks.length > 0 ? blocks.join("\n") : trimmed;
}
