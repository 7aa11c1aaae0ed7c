import { strict as assert } from "node:assert";
import { Job } from "kubernetes-models/batch/v1/Job";
import { Pod } from "kubernetes-models/v1/Pod";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { Secret } from "kubernetes-models/v1/Secret";
import { PersistentVolumeClaim } from "kubernetes-models/v1/PersistentVolumeClaim";
import {
  checkSuiteName,
  type FleetOptions,
  INDEX_LABEL,
  type Manifest,
  podFor,
  suiteJob,
  suiteManifests,
  tasksConfigMap,
} from "./manifests.ts";
import { suiteOf } from "./suite.ts";
import { dockerRunArgs } from "./docker.ts";

const OPTIONS: FleetOptions = {
  name: "osworld-small",
  image: "registry.example/oso-desktop:1",
  imagePullPolicy: "IfNotPresent",
  parallelism: 3,
  backoffLimit: 4,
  model: "gpt-test",
  baseUrl: "https://models.example/v1",
  secretName: "osworld-small-model",
  observation: "a11y_tree",
  actionSpace: "pyautogui",
  maxSteps: 15,
  results: { kind: "claim", claimName: "osworld-small-results", size: "10Gi" },
  resources: { cpu: "1", memory: "3Gi" },
  podSeconds: 1800,
};

const SUITE = suiteOf(
  [
    { path: "calc/b.json", text: JSON.stringify({ id: "b", instruction: "B" }) },
    { path: "calc/a.json", text: JSON.stringify({ id: "a", instruction: "A" }) },
    { path: "writer/c.json", text: JSON.stringify({ id: "c", instruction: "C" }) },
  ],
  "suite",
);

/** Validates a manifest against the Kubernetes schema of its kind. */
function validate(manifest: Manifest): void {
  const kinds: Record<string, (m: Manifest) => { validate(): void }> = {
    // deno-lint-ignore no-explicit-any
    Job: (m) => new Job(m as any),
    // deno-lint-ignore no-explicit-any
    Pod: (m) => new Pod(m as any),
    // deno-lint-ignore no-explicit-any
    ConfigMap: (m) => new ConfigMap(m as any),
    // deno-lint-ignore no-explicit-any
    Secret: (m) => new Secret(m as any),
    // deno-lint-ignore no-explicit-any
    PersistentVolumeClaim: (m) => new PersistentVolumeClaim(m as any),
  };
  kinds[manifest.kind as string](manifest).validate();
}

Deno.test("the suite's manifests fit the Kubernetes schemas (Secret, ConfigMap, claim, Job)", () => {
  const manifests = suiteManifests(OPTIONS, SUITE, "sk-test-key");
  assert.deepEqual(manifests.map((m) => m.kind), [
    "Secret",
    "ConfigMap",
    "PersistentVolumeClaim",
    "Job",
  ]);
  for (const manifest of manifests) validate(manifest);
  const hostResults = suiteManifests(
    { ...OPTIONS, results: { kind: "host", path: "/srv/results" }, podSeconds: null },
    SUITE,
    null,
  );
  assert.deepEqual(hostResults.map((m) => m.kind), ["ConfigMap", "Job"]);
  for (const manifest of hostResults) validate(manifest);
});

Deno.test("the schema check fails a broken Job (the validation can fail)", () => {
  const job = suiteJob(OPTIONS, 3) as { spec: Record<string, unknown> };
  job.spec.backoffLimit = "4";
  assert.throws(() => validate(job as Manifest), /backoffLimit must be integer/);
});

Deno.test("the Job: Indexed, one completion per task, the user's parallelism and backoffLimit", () => {
  const job = suiteJob(OPTIONS, SUITE.length) as {
    spec: Record<string, unknown> & { template: { spec: Record<string, unknown> } };
  };
  assert.equal(job.spec.completionMode, "Indexed");
  assert.equal(job.spec.completions, 3);
  assert.equal(job.spec.parallelism, 3);
  assert.equal(job.spec.backoffLimit, 4);
  const pod = job.spec.template.spec as {
    restartPolicy: string;
    containers: Array<{ args: string[]; env: Array<Record<string, unknown>> }>;
  };
  assert.equal(pod.restartPolicy, "Never", "a failed pod is replaced by the Job, not restarted");
  assert.deepEqual(pod.containers[0].args, ["task"]);
  const key = pod.containers[0].env.find((e) => e.name === "OSO_AGENT_API_KEY");
  assert.deepEqual(key?.valueFrom, {
    secretKeyRef: { name: "osworld-small-model", key: "api-key", optional: true },
  });
  assert.ok(!JSON.stringify(job).includes("sk-test"), "the key is only in the Secret");
});

Deno.test("the tasks' ConfigMap: each task's file and domain under its index", () => {
  const data = tasksConfigMap(OPTIONS, SUITE).data as Record<string, string>;
  assert.deepEqual(Object.keys(data), [
    "0.json",
    "0.domain",
    "1.json",
    "1.domain",
    "2.json",
    "2.domain",
  ]);
  assert.equal(JSON.parse(data["1.json"]).id, "b");
  assert.equal(data["2.domain"], "writer");
  const big = suiteOf(
    Array.from({ length: 5 }, (_, i) => ({
      path: `d/${i}.json`,
      text: JSON.stringify({ id: `t${i}`, instruction: "x".repeat(300_000) }),
    })),
    "d",
  );
  assert.throws(() => tasksConfigMap(OPTIONS, big), /more than a ConfigMap holds/);
});

Deno.test("podFor: the pod the Job creates for an index, valid, with its index and a new name per attempt", () => {
  const job = suiteJob(OPTIONS, SUITE.length);
  const pod = podFor(job, 2, 1, true);
  validate(pod);
  const meta = pod.metadata as { name: string; labels: Record<string, string> };
  assert.equal(meta.name, "osworld-small-2-1");
  assert.equal(meta.labels[INDEX_LABEL], "2");
  const spec = pod.spec as { hostNetwork?: boolean; containers: Array<{ env: Manifest[] }> };
  assert.equal(spec.hostNetwork, true);
  assert.deepEqual(spec.containers[0].env.at(-1), { name: "JOB_COMPLETION_INDEX", value: "2" });
  assert.equal(
    ((suiteJob(OPTIONS, 3).spec as Manifest).template as {
      spec: { containers: Array<{ env: unknown[] }> };
    })
      .spec.containers[0].env.length,
    6,
    "the Job's template is left as it was",
  );
  assert.equal((podFor(job, 0, 0, false).spec as { hostNetwork?: boolean }).hostNetwork, undefined);
});

Deno.test("dockerRunArgs: the same pod as docker run, the key passed by name only", () => {
  const job = suiteJob({ ...OPTIONS, results: { kind: "host", path: "/r" } }, 3);
  const args = dockerRunArgs(podFor(job, 1, 0, true), { tasks: "/t", results: "/r" });
  assert.deepEqual(args.slice(0, 7), [
    "run",
    "--name",
    "osworld-small-1-0",
    "--network",
    "host",
    "--user",
    "1000:1000",
  ]);
  assert.ok(args.includes("OSO_AGENT_API_KEY"), "the key's variable by name");
  assert.ok(args.includes("JOB_COMPLETION_INDEX=1"));
  assert.ok(args.includes("/t:/tasks:ro") && args.includes("/r:/results"));
  assert.deepEqual(args.slice(-2), ["registry.example/oso-desktop:1", "task"]);
  assert.throws(() => dockerRunArgs(podFor(job, 1, 0, true), { tasks: "/t" }), /'results'/);
});

const NAMES: Array<[string, boolean]> = [
  ["osworld", true],
  ["a-1", true],
  ["A", false],
  ["-a", false],
  ["a_b", false],
  ["x".repeat(41), false],
];
for (const [name, ok] of NAMES) {
  Deno.test(`checkSuiteName(${JSON.stringify(name.slice(0, 12))}) ${ok ? "accepts" : "refuses"}`, () => {
    if (ok) checkSuiteName(name);
    else assert.throws(() => checkSuiteName(name), /cannot name a suite/);
  });
}
