// The parsed form both selector grammars compile to.

export type Grammar = "xpath" | "css";
export type Axis = "child" | "descendant";
export type Operator = "=" | "*=" | "~=";

/** One `[key op value]` test; bare quoted names and pseudo-classes are sugar for these. */
export interface Predicate {
  key: string;
  op: Operator;
  value: string | number | boolean;
  /** True when the value was written as a quoted string. */
  quoted: boolean;
}

export interface Step {
  /** A role name, or `*` for any role. */
  role: string;
  /** How this step relates to the previous step's matches (to the root for the first step). */
  axis: Axis;
  predicates: Predicate[];
}

export interface Selector {
  steps: Step[];
}
