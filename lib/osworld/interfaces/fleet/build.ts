// Builds the desktop image from deploy/Containerfile. On a Debian 12 host the
// build reuses the host's downloaded packages (its apt archive, mounted) and
// trusts the host's certificate bundle for the build's own downloads (Deno and
// the npm packages), which a TLS-inspecting proxy needs.

import { pathExists } from "../../../support/files.ts";

const CONTAINERFILE = new URL("../../../../deploy/Containerfile", import.meta.url).pathname;
const CONTEXT = new URL("../../../../", import.meta.url).pathname;
const APT_ARCHIVES = "/var/cache/apt/archives";
const CA_BUNDLE = Deno.env.get("SSL_CERT_FILE") ?? "/etc/ssl/certs/ca-certificates.crt";

function debianBookworm(): boolean {
  try {
    return Deno.readTextFileSync("/etc/debian_version").startsWith("12");
  } catch {
    return false;
  }
}

/** The build's arguments after the engine's name. */
function buildArgs(engine: "podman" | "docker", image: string): string[] {
  const args = ["build", "-f", CONTAINERFILE, "-t", image, "--network", "host"];
  if (engine === "podman") {
    // The base image is local (see deploy/base-image.sh) when no registry answers;
    // the health check needs Docker's image format.
    args.push("--pull=never", "--format", "docker");
    if (debianBookworm() && pathExists(APT_ARCHIVES)) {
      args.push("--volume", `${APT_ARCHIVES}:${APT_ARCHIVES}`);
    }
    if (pathExists(CA_BUNDLE)) args.push("--volume", `${CA_BUNDLE}:/run/build-ca.crt:ro`);
  }
  args.push(CONTEXT);
  return args;
}

export async function buildImage(engine: "podman" | "docker", image: string): Promise<number> {
  const status = await new Deno.Command(engine, { args: buildArgs(engine, image) }).spawn().status;
  return status.code;
}
