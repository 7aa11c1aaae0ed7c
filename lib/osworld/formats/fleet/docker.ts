// `docker run` arguments for a pod the Job would create, for machines with
// Docker and no Kubernetes: the same image, command, environment and mounts.
// The key's variable is passed by name only (docker reads its value from the
// runner's own environment), so it is never on a command line.

import type { Manifest } from "./manifests.ts";

interface Container {
  image: string;
  args: string[];
  env: Array<{ name: string; value?: string; valueFrom?: unknown }>;
  volumeMounts: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
}

/**
 * The arguments after `docker`. `paths` maps each of the pod's volumes to a
 * folder of this machine (the tasks written out, the results folder).
 */
export function dockerRunArgs(pod: Manifest, paths: Record<string, string>): string[] {
  const meta = pod.metadata as { name: string };
  const spec = pod.spec as {
    containers: Container[];
    hostNetwork?: boolean;
    securityContext?: { runAsUser?: number; runAsGroup?: number };
  };
  const container = spec.containers[0];
  const args = ["run", "--name", meta.name];
  if (spec.hostNetwork) args.push("--network", "host");
  const user = spec.securityContext?.runAsUser;
  if (user !== undefined) {
    args.push("--user", `${user}:${spec.securityContext?.runAsGroup ?? user}`);
  }
  for (const variable of container.env) {
    // A value from a Secret: passed through from the runner's environment.
    args.push(
      "--env",
      variable.value === undefined ? variable.name : `${variable.name}=${variable.value}`,
    );
  }
  for (const mount of container.volumeMounts) {
    const path = paths[mount.name];
    if (path === undefined) throw new Error(`no folder given for the pod's volume '${mount.name}'`);
    args.push("--volume", `${path}:${mount.mountPath}${mount.readOnly ? ":ro" : ""}`);
  }
  args.push(container.image, ...container.args);
  return args;
}
