// The D-Bus wire format the AT-SPI host speaks on its own bus connection
// (adapters/linux/dbus_wire): method calls encoded here are parsed by an
// independent implementation, and replies encoded by it are decoded here.
// Both sets of vectors were made with GLib's GDBusMessage (python3-gi):
// to_blob() for the replies; new_from_blob() read back the calls below as
// GetText(0, -1), Get("Grüße", 4294967295), GetRole(), S("abcde") and
// T(7, "") with their serials, paths, interfaces and destinations.

import { strict as assert } from "node:assert";
import { WireWriter } from "./marshal.ts";
import {
  completeType,
  decodeMessage,
  MESSAGE_ERROR,
  MESSAGE_METHOD_RETURN,
  messageLength,
  WireFormatError,
} from "./unmarshal.ts";
import { unixSockets } from "./address.ts";

function bytes(hex: string): Uint8Array {
  return new Uint8Array(hex.match(/../g)!.map((h) => Number.parseInt(h, 16)));
}

function hex(data: Uint8Array): string {
  return Array.from(data, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Five calls back to back; the fourth ends off an 8-byte boundary, so the fifth aligns from its own start. */
const CALLS =
  "6c01000108000000050000007000000001016f001d0000002f6f72672f613131792f61747370692f6163636573736962" +
  "6c652f313200000002017300130000006f72672e613131792e61747370692e5465787400000000000301730007000000" +
  "476574546578740006017300040000003a312e3700000000080167000269690000000000ffffffff6c01000110000000" +
  "060000008000000001016f00150000002f6f72672f667265656465736b746f702f44427573000000020173001f000000" +
  "6f72672e667265656465736b746f702e444275732e50726f706572746965730003017300030000004765740000000000" +
  "06017300140000006f72672e667265656465736b746f702e44427573000000000801670002737500070000004772c3bc" +
  "c39f6500ffffffff6c01000100000000ffffffff5500000001016f00020000002f6f0000000000000201730019000000" +
  "6f72672e613131792e61747370692e41636365737369626c65000000000000000301730007000000476574526f6c6500" +
  "06017300040000003a312e37000000006c0100010a000000070000004700000001016f00020000002f70000000000000" +
  "0201730003000000692e6600000000000301730001000000530000000000000006017300040000003a312e3900000000" +
  "0801670001730000050000006162636465006c01000109000000080000004800000001016f00020000002f7100000000" +
  "00000201730003000000692e6600000000000301730001000000540000000000000006017300040000003a312e390000" +
  "00000801670002697300070000000000000000";

Deno.test("method calls are encoded byte for byte as GDBus reads them, back to back", () => {
  const writer = new WireWriter();
  writer.call({
    destination: ":1.7",
    path: "/org/a11y/atspi/accessible/12",
    iface: "org.a11y.atspi.Text",
    member: "GetText",
    args: [{ type: "i", value: 0 }, { type: "i", value: -1 }],
  }, 5);
  writer.call({
    destination: "org.freedesktop.DBus",
    path: "/org/freedesktop/DBus",
    iface: "org.freedesktop.DBus.Properties",
    member: "Get",
    args: [{ type: "s", value: "Grüße" }, { type: "u", value: 4294967295 }],
  }, 6);
  writer.call(
    {
      destination: ":1.7",
      path: "/o",
      iface: "org.a11y.atspi.Accessible",
      member: "GetRole",
      args: [],
    },
    4294967295,
  );
  writer.call(
    {
      destination: ":1.9",
      path: "/p",
      iface: "i.f",
      member: "S",
      args: [{ type: "s", value: "abcde" }],
    },
    7,
  );
  writer.call({
    destination: ":1.9",
    path: "/q",
    iface: "i.f",
    member: "T",
    args: [{ type: "i", value: 7 }, { type: "s", value: "" }],
  }, 8);
  assert.equal(hex(writer.written), CALLS);
  writer.reset();
  assert.equal(writer.written.length, 0);
});

Deno.test("encoded calls decode to their serials and arguments", () => {
  const data = bytes(CALLS);
  const found: Array<[number, string, unknown[]]> = [];
  for (let at = 0; at < data.length;) {
    const length = messageLength(data, at, data.length)!;
    const message = decodeMessage(data, at, length);
    found.push([message.serial, message.signature, message.body]);
    at += length;
  }
  assert.deepEqual(found, [
    [5, "ii", [0, -1]],
    [6, "su", ["Grüße", 4294967295]],
    [4294967295, "", []],
    [7, "s", ["abcde"]],
    [8, "is", [7, ""]],
  ]);
});

/**
 * Set("org.a11y.Status", "IsEnabled", <true>) with serial 9: GDBusMessage's
 * new_from_blob() read it back with that body, path, interface and destination.
 */
const SET_CALL =
  "6c0100012c000000090000007100000001016f000d0000002f6f72672f613131792f627573000000020173001f000000" +
  "6f72672e667265656465736b746f702e444275732e50726f706572746965730003017300030000005365740000000000" +
  "060173000c0000006f72672e613131792e42757300000000080167000373737600000000000000000f0000006f72672e" +
  "613131792e53746174757300090000004973456e61626c65640001620000000001000000";

Deno.test("a property set's variant boolean is encoded as GDBus reads it", () => {
  const writer = new WireWriter();
  writer.call({
    destination: "org.a11y.Bus",
    path: "/org/a11y/bus",
    iface: "org.freedesktop.DBus.Properties",
    member: "Set",
    args: [
      { type: "s", value: "org.a11y.Status" },
      { type: "s", value: "IsEnabled" },
      { type: "v", value: true },
    ],
  }, 9);
  assert.equal(hex(writer.written), SET_CALL);
  const message = decodeMessage(writer.written, 0, writer.written.length);
  assert.deepEqual([message.signature, message.body], [
    "ssv",
    ["org.a11y.Status", "IsEnabled", true],
  ]);
});

const REPLIES: Array<{
  what: string;
  hex: string;
  signature: string;
  body: unknown[];
  serial: number;
  replySerial: number;
}> = [
  {
    what: "au",
    hex:
      "6c020101100000000a00000010000000080167000261750005017500030000000c000000010000000000008007000000",
    signature: "au",
    body: [[1, 0x80000000, 7]],
    serial: 10,
    replySerial: 3,
  },
  {
    what: "a(so)",
    hex:
      "6c0201014d0000000b0000001800000008016700056128736f2900000000000005017500040000004500000000000000" +
      "040000003a312e37000000001d0000002f6f72672f613131792f61747370692f61636365737369626c652f3132000000" +
      "040000003a312e3700000000040000002f6f2f3200",
    signature: "a(so)",
    body: [[[":1.7", "/org/a11y/atspi/accessible/12"], [":1.7", "/o/2"]]],
    serial: 11,
    replySerial: 4,
  },
  {
    what: "a{sv}",
    hex:
      "6c020101800000000c000000180000000801670005617b73767d00000000000005017500050000007800000000000000" +
      "040000004e616d6500017300070000004772c3bcc39f65000a0000004368696c64436f756e74000169000000fdffffff" +
      "06000000506172656e74000428736f290000000000000000040000003a312e3200000000020000002f70000000000000" +
      "030000004d696e000164000000000000000000000000e03f",
    signature: "a{sv}",
    body: [[["Name", "Grüße"], ["ChildCount", -3], ["Parent", [":1.2", "/p"]], ["Min", 0.5]]],
    serial: 12,
    replySerial: 5,
  },
  {
    what: "(iiii) (big-endian)",
    hex:
      "42020101000000100000000d000000180801670006286969696929000000000005017500000000068000000000000005" +
      "0000006400000014",
    signature: "(iiii)",
    body: [[-2147483648, 5, 100, 20]],
    serial: 13,
    replySerial: 6,
  },
  {
    what: "a(sss)",
    hex:
      "6c020101450000000e000000180000000801670006612873737329000000000005017500070000003d00000000000000" +
      "05000000636c69636b00000006000000436c69636b7300000a0000003c436f6e74726f6c3e6300000000000000000000" +
      "00000000000000000000000000",
    signature: "a(sss)",
    body: [[["click", "Clicks", "<Control>c"], ["", "", ""]]],
    serial: 14,
    replySerial: 7,
  },
  {
    what: "yntxqb (big-endian)",
    hex:
      "42020101000000200000000f000000180801670006796e7478716200000000000501750000000008ff00fffe00000000" +
      "7fffffffffffffff4000000000000001ffff000000000001",
    signature: "yntxqb",
    body: [255, -2, 2n ** 63n - 1n, 2n ** 62n + 1n, 65535, true],
    serial: 15,
    replySerial: 8,
  },
  {
    what: "as",
    hex: "6c0201010400000010000000100000000801670002617300050175000900000000000000",
    signature: "as",
    body: [[]],
    serial: 16,
    replySerial: 9,
  },
];

Deno.test("replies encoded by GDBus decode to their values", async (t) => {
  for (const r of REPLIES) {
    await t.step(r.what, () => {
      const data = bytes(r.hex);
      assert.equal(messageLength(data, 0, data.length), data.length);
      const message = decodeMessage(data, 0, data.length);
      assert.equal(message.type, MESSAGE_METHOD_RETURN);
      assert.equal(message.serial, r.serial);
      assert.equal(message.replySerial, r.replySerial);
      assert.equal(message.signature, r.signature);
      assert.deepEqual(message.body, r.body);
      assert.equal(message.malformed, null);
    });
  }
});

Deno.test("an error reply carries its name and message", () => {
  const data = bytes(
    "6c0301010f000000110000004800000004017300280000006f72672e667265656465736b746f702e444275732e457272" +
      "6f722e556e6b6e6f776e4d6574686f6400000000000000000801670001730000050175000a0000000a00000077656e74" +
      "2077726f6e6700",
  );
  const message = decodeMessage(data, 0, data.length);
  assert.equal(message.type, MESSAGE_ERROR);
  assert.equal(message.replySerial, 10);
  assert.equal(message.errorName, "org.freedesktop.DBus.Error.UnknownMethod");
  assert.deepEqual(message.body, ["went wrong"]);
});

Deno.test("a reply without a body has no signature and no values", () => {
  const data = bytes("6c020101000000001200000008000000050175000b000000");
  const message = decodeMessage(data, 0, data.length);
  assert.deepEqual([message.replySerial, message.signature, message.body], [11, "", []]);
});

Deno.test("a message is complete only once all its bytes are in", () => {
  const data = bytes(REPLIES[1].hex);
  assert.equal(messageLength(data, 0, 15), null);
  assert.equal(messageLength(data, 0, 16), data.length);
  // Two messages in one buffer: the second starts where the first ends.
  const two = new Uint8Array([...data, ...bytes(REPLIES[0].hex)]);
  const second = decodeMessage(two, data.length, messageLength(two, data.length, two.length)!);
  assert.deepEqual(second.body, REPLIES[0].body);
});

Deno.test("malformed bodies are reported, never read past their end", async (t) => {
  const base = bytes(REPLIES[1].hex); // a(so)
  const cases: Array<[string, (m: Uint8Array) => void]> = [
    ["array longer than the message", (m) => new DataView(m.buffer).setUint32(40, 0xffff, true)],
    ["string longer than the message", (m) => new DataView(m.buffer).setUint32(48, 0xffff, true)],
    ["unknown type code in the signature", (m) => m[21] = "z".charCodeAt(0)],
    ["unclosed struct in the signature", (m) => m[25] = "o".charCodeAt(0)],
  ];
  for (const [what, corrupt] of cases) {
    await t.step(what, () => {
      const message = base.slice();
      corrupt(message);
      const decoded = decodeMessage(message, 0, message.length);
      assert.notEqual(decoded.malformed, null);
      assert.deepEqual(decoded.body, []);
      assert.equal(decoded.replySerial, 4); // the reply is still matched to its call
    });
  }
});

Deno.test("a broken header is an error", () => {
  const message = bytes(REPLIES[0].hex);
  message[0] = 0x58; // neither 'l' nor 'B'
  assert.throws(() => messageLength(message, 0, message.length), WireFormatError);
  const huge = bytes(REPLIES[0].hex);
  new DataView(huge.buffer).setUint32(4, 0xffffff00, true);
  assert.throws(() => messageLength(huge, 0, huge.length), WireFormatError);
});

Deno.test("complete types in a signature", () => {
  const cases: Array<[string, number, number]> = [
    ["i", 0, 1],
    ["a(so)", 0, 5],
    ["a{sv}i", 0, 5],
    ["(a(ua(so))s)", 0, 12],
    ["a(ua(so))", 1, 9],
  ];
  for (const [signature, at, end] of cases) {
    assert.equal(completeType(signature, at), end, signature);
  }
  assert.throws(() => completeType("(ii", 0), WireFormatError);
  assert.throws(() => completeType("a", 0), WireFormatError);
});

Deno.test("bus addresses name the Unix sockets to try, in order", () => {
  const cases: Array<[string, Array<{ path: string; abstract: boolean }>]> = [
    ["unix:path=/run/user/0/at-spi/bus_0,guid=ab12", [{
      path: "/run/user/0/at-spi/bus_0",
      abstract: false,
    }]],
    ["unix:abstract=/tmp/dbus-XYZ,guid=1", [{ path: "/tmp/dbus-XYZ", abstract: true }]],
    ["unix:path=/tmp/a%20b%2c", [{ path: "/tmp/a b,", abstract: false }]],
    ["tcp:host=localhost,port=1;unix:path=/x", [{ path: "/x", abstract: false }]],
    ["unix:tmpdir=/tmp", []],
    ["", []],
    ["unix:path=/a;unix:abstract=b", [{ path: "/a", abstract: false }, {
      path: "b",
      abstract: true,
    }]],
  ];
  for (const [address, sockets] of cases) assert.deepEqual(unixSockets(address), sockets, address);
});
