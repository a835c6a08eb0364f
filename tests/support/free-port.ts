import net from "node:net";

const anyFreePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const taken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer().once("error", () => resolve(true));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(false)));
  });

/** A port nothing listens on (for a server a test starts), and when `count` > 1 the ports after it too. */
export async function freePort(count = 1): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    let free = true;
    for (let next = port + 1; next < port + count && free; next += 1) free = !(await taken(next));
    if (free) return port;
  }
}
