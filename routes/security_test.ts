import { strict as assert } from "node:assert";
import { hostAllowed, hostName, isLoopbackHost } from "./security.ts";

const HOSTS: Array<[string | undefined, string, boolean]> = [
  ["127.0.0.1:5001", "127.0.0.1", true],
  ["localhost:5001", "127.0.0.1", true],
  ["LOCALHOST", "127.0.0.1", true],
  ["[::1]:5001", "127.0.0.1", true],
  ["192.168.1.5:5001", "0.0.0.0", true],
  ["evil.example:5001", "127.0.0.1", false],
  ["evil.example", "0.0.0.0", false],
  ["localhost.evil.example", "127.0.0.1", false],
  ["myhost.lan:5001", "myhost.lan", true],
  ["", "127.0.0.1", false],
  [undefined, "127.0.0.1", true],
];

for (const [host, bind, allowed] of HOSTS) {
  Deno.test(`hostAllowed(${JSON.stringify(host)}, bind ${bind}) = ${allowed}`, () => {
    assert.equal(hostAllowed(host, [bind]), allowed);
  });
}

Deno.test("hostName strips ports and IPv6 brackets", () => {
  assert.equal(hostName("Example.COM:80"), "example.com");
  assert.equal(hostName("[::1]:5001"), "::1");
  assert.equal(hostName("127.0.0.1"), "127.0.0.1");
});

Deno.test("loopback names", () => {
  for (const h of ["127.0.0.1", "localhost", "::1", " LocalHost "]) assert.ok(isLoopbackHost(h));
  for (const h of ["0.0.0.0", "192.168.0.1", "example.com"]) assert.ok(!isLoopbackHost(h));
});
