// A trace exported as an OSWorld / OS-Harm trajectory (traj.jsonl + screenshots).

export { actionTimestamp } from "./action_timestamp.ts";
export { keysCode } from "./keys_code.ts";
export { pyautoguiKeys } from "../pyautogui_keys.ts";
export { type Conversion, type OsworldAction, pyautoguiAction } from "./pyautogui_action.ts";
export { pythonString } from "./python_literal.ts";
export { type TrajectoryLine, trajectoryOf, type TrajectoryStep } from "./trajectory.ts";
export {
  OSWORLD_DIR,
  TRAJECTORY_FILE,
  writeOsworldTrajectory,
  type WrittenTrajectory,
} from "./write_trajectory.ts";
