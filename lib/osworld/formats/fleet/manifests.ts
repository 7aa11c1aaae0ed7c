// The Kubernetes objects that run a suite: the tasks as a ConfigMap, the
// model's key as a Secret, a claim for the results, and an Indexed Job, one
// pod per task with a fresh desktop each; the Job's own backoffLimit retries
// pods that die. Also the pod the Job would create for an index, which a
// machine without Kubernetes runs itself (podman kube play, docker run).

import { stringify } from "yaml";
import type { SuiteTask } from "./suite.ts";
import { SuiteError } from "./suite.ts";

export type Manifest = Record<string, unknown>;

export interface FleetOptions {
  /** The suite's name: the Job's, and the prefix of every object's. */
  name: string;
  image: string;
  imagePullPolicy: "Always" | "IfNotPresent" | "Never";
  /** Pods running at once. */
  parallelism: number;
  /** Pods that may fail, over the whole suite, before the Job gives up. */
  backoffLimit: number;
  model: string;
  /** The chat-completions endpoint's base URL (…/v1). */
  baseUrl: string;
  /** The Secret holding the endpoint's key under `api-key`. */
  secretName: string;
  observation: string;
  actionSpace: string;
  maxSteps: number;
  /** Where results go: a claim of the cluster's storage, or a folder of this machine. */
  results: { kind: "claim"; claimName: string; size: string } | { kind: "host"; path: string };
  resources: { cpu: string; memory: string };
  /** A pod running longer is ended and counts as failed (null: no limit). */
  podSeconds: number | null;
}

/** The key of the Secret's entry that holds the model endpoint's key. */
export const SECRET_KEY = "api-key";
/** A ConfigMap holds at most 1 MiB. */
const CONFIG_MAP_BYTES = 1024 * 1024;
const LABEL = "app.kubernetes.io/name";
const SUITE_LABEL = "os-screen-observer/suite";
export const INDEX_LABEL = "batch.kubernetes.io/job-completion-index";
/** What the image's user is (deploy/Containerfile). */
const IMAGE_UID = 1000;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** A suite name is a DNS label short enough for its pods' names. */
export function checkSuiteName(name: string): void {
  if (!DNS_LABEL.test(name) || name.length > 40) {
    throw new SuiteError(
      `'${name}' cannot name a suite: up to 40 lowercase letters, digits and '-'`,
    );
  }
}

function labels(options: FleetOptions): Record<string, string> {
  return { [LABEL]: "os-screen-observer", [SUITE_LABEL]: options.name };
}

/** The tasks, keyed by completion index: `<i>.json` (the file) and `<i>.domain`. */
export function tasksConfigMap(options: FleetOptions, suite: SuiteTask[]): Manifest {
  const data: Record<string, string> = {};
  for (const task of suite) {
    data[`${task.index}.json`] = task.text;
    data[`${task.index}.domain`] = task.domain;
  }
  const bytes = Object.entries(data).reduce(
    (sum, [k, v]) => sum + k.length + new TextEncoder().encode(v).length,
    0,
  );
  if (bytes > CONFIG_MAP_BYTES) {
    throw new SuiteError(
      `the tasks take ${bytes} bytes, more than a ConfigMap holds (1 MiB): split the suite`,
    );
  }
  return {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: `${options.name}-tasks`, labels: labels(options) },
    data,
  };
}

/** The model endpoint's key; applied through kubectl's stdin, never printed. */
export function modelSecret(options: FleetOptions, key: string): Manifest {
  return {
    apiVersion: "v1",
    kind: "Secret",
    metadata: { name: options.secretName, labels: labels(options) },
    type: "Opaque",
    stringData: { [SECRET_KEY]: key },
  };
}

/** The claim results are written to, shared by every pod of the suite. */
export function resultsClaim(options: FleetOptions): Manifest | null {
  if (options.results.kind !== "claim") return null;
  return {
    apiVersion: "v1",
    kind: "PersistentVolumeClaim",
    metadata: { name: options.results.claimName, labels: labels(options) },
    spec: {
      accessModes: ["ReadWriteMany"],
      resources: { requests: { storage: options.results.size } },
    },
  };
}

function env(name: string, value: string) {
  return { name, value };
}

function podSpec(options: FleetOptions): Manifest {
  const results = options.results.kind === "claim"
    ? { persistentVolumeClaim: { claimName: options.results.claimName } }
    : { hostPath: { path: options.results.path, type: "Directory" } };
  return {
    restartPolicy: "Never",
    ...(options.podSeconds === null ? {} : { activeDeadlineSeconds: options.podSeconds }),
    // fsGroup: the results volume is writable by the image's user.
    securityContext: {
      runAsNonRoot: true,
      runAsUser: IMAGE_UID,
      runAsGroup: IMAGE_UID,
      fsGroup: IMAGE_UID,
    },
    containers: [{
      name: "desktop",
      image: options.image,
      imagePullPolicy: options.imagePullPolicy,
      args: ["task"],
      env: [
        env("OSO_MODEL", options.model),
        env("OSO_MODEL_URL", options.baseUrl),
        env("OSO_OBSERVATION", options.observation),
        env("OSO_ACTION_SPACE", options.actionSpace),
        env("OSO_MAX_STEPS", String(options.maxSteps)),
        {
          name: "OSO_AGENT_API_KEY",
          valueFrom: {
            secretKeyRef: { name: options.secretName, key: SECRET_KEY, optional: true },
          },
        },
      ],
      resources: {
        requests: { cpu: options.resources.cpu, memory: options.resources.memory },
        limits: { memory: options.resources.memory },
      },
      securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] } },
      volumeMounts: [
        { name: "tasks", mountPath: "/tasks", readOnly: true },
        { name: "results", mountPath: "/results" },
      ],
    }],
    volumes: [
      { name: "tasks", configMap: { name: `${options.name}-tasks` } },
      { name: "results", ...results },
    ],
  };
}

/** The Indexed Job: one completion per task, `parallelism` at a time. */
export function suiteJob(options: FleetOptions, taskCount: number): Manifest {
  return {
    apiVersion: "batch/v1",
    kind: "Job",
    metadata: { name: options.name, labels: labels(options) },
    spec: {
      completionMode: "Indexed",
      completions: taskCount,
      parallelism: options.parallelism,
      backoffLimit: options.backoffLimit,
      template: { metadata: { labels: labels(options) }, spec: podSpec(options) },
    },
  };
}

/** Every object of a suite, in the order they are applied. */
export function suiteManifests(
  options: FleetOptions,
  suite: SuiteTask[],
  key: string | null,
): Manifest[] {
  return [
    ...(key === null ? [] : [modelSecret(options, key)]),
    tasksConfigMap(options, suite),
    ...[resultsClaim(options)].filter((m): m is Manifest => m !== null),
    suiteJob(options, suite.length),
  ];
}

/**
 * The pod the Job's controller creates for `index` (its `attempt`-th try):
 * the template with the index's label and JOB_COMPLETION_INDEX, as
 * Kubernetes sets them. `hostNetwork` shares the machine's network (a model
 * served on its loopback).
 */
export function podFor(
  job: Manifest,
  index: number,
  attempt: number,
  hostNetwork: boolean,
): Manifest {
  const meta = job.metadata as { name: string };
  const template = (job.spec as { template: { metadata: Manifest; spec: Manifest } }).template;
  const spec = structuredClone(template.spec) as { containers: Manifest[] } & Manifest;
  const containers = spec.containers.map((c) => ({
    ...c,
    env: [...(c.env as Manifest[]), env("JOB_COMPLETION_INDEX", String(index))],
  }));
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name: `${meta.name}-${index}-${attempt}`,
      labels: {
        ...(template.metadata.labels as Record<string, string>),
        [INDEX_LABEL]: String(index),
      },
    },
    spec: { ...spec, containers, ...(hostNetwork ? { hostNetwork: true } : {}) },
  };
}

/** Manifests as one YAML stream (documents separated by ---), as kubectl and podman take it. */
export function manifestsYaml(manifests: Manifest[]): string {
  return manifests.map((m) => stringify(m, { lineWidth: 0 })).join("---\n");
}
