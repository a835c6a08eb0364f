import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort } from "#tests/support/free-port.ts";

/** The production server as a person's browser meets it: a real process on a loopback port. */
const serverScript = path.resolve("server/index.mjs");


function start(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, [serverScript], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

function exitOf(child: ChildProcess) {
  return new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
}

const chunk = `10000\r\n${"a".repeat(0x10000)}\r\n`;

/**
 * A raw HTTP exchange over a socket, for what fetch() will not send (TRACE, a body that never ends), and
 * beyond the reach of the tests' request mocks. Resolves with the status line and headers (and the body with
 * `wholeResponse`); with `keepWriting` the client goes on sending chunks until the server answers.
 */
function raw(port: number, request: string, { keepWriting = false, wholeResponse = false } = {}) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let response = "";
    let writer: ReturnType<typeof setInterval> | undefined;
    socket.on("connect", () => {
      socket.write(request);
      if (keepWriting) writer = setInterval(() => socket.writable && socket.write(chunk), 1);
    });
    socket.on("end", () => resolve(response));
    socket.on("data", (data) => {
      response += data.toString("latin1");
      if (!wholeResponse && response.includes("\r\n\r\n")) {
        clearInterval(writer);
        socket.destroy();
        resolve(response);
      }
    });
    socket.on("error", (error) => (response ? resolve(response) : reject(error)));
    setTimeout(() => {
      clearInterval(writer);
      socket.destroy();
      reject(new Error(`no answer; got: ${response}`));
    }, 10_000);
  });
}

describe("the production server", () => {
  let port: number;
  let server: ReturnType<typeof start>;

  beforeAll(async () => {
    port = await freePort();
    server = start({ PORT: String(port), SESSION_SECRET: "a-real-secret-for-this-test" });
    for (let i = 0; i < 100; i += 1) {
      if (server.output().includes("http://")) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(() => {
    server?.child.kill();
  });

  test("refuses to start in production without TOTP_KEY", async () => {
    const attempt = start({ PORT: String(await freePort()), SESSION_SECRET: "a-real-secret-for-this-test", TOTP_KEY: "" });
    expect(await exitOf(attempt.child)).not.toBe(0);
    expect(attempt.output()).toContain("TOTP_KEY is not set");
  });

  test("refuses to start in production without SESSION_SECRET", async () => {
    const attempt = start({ PORT: String(await freePort()), SESSION_SECRET: "" });
    expect(await exitOf(attempt.child)).not.toBe(0);
    expect(attempt.output()).toContain("SESSION_SECRET is not set");
  });

  const get = (pathname: string) => raw(port, `GET ${pathname} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, { wholeResponse: true });

  test("answers pages with the security headers, HSTS included", async () => {
    const response = await get("/");
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toMatch(/Strict-Transport-Security: max-age=\d+/i);
    expect(response).toMatch(/Content-Security-Policy: [^\r]*frame-ancestors 'none'/i);
    expect(response).not.toMatch(/Set-Cookie/i);
  });

  test("TRACE is a 405, not a 500", async () => {
    const response = await raw(port, "TRACE / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(response).toMatch(/^HTTP\/1\.1 405/);
    expect(response).toMatch(/Allow: GET/i);
  });

  test("a body that keeps coming is cut off at the limit with 413", async () => {
    const head = "POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
    const response = await raw(port, head + chunk, { keepWriting: true });
    expect(response).toMatch(/^HTTP\/1\.1 413/);
  });

  test("a declared oversize body is refused before it is sent", async () => {
    const response = await raw(port, "POST /admin/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 104857600\r\n\r\n");
    expect(response).toMatch(/^HTTP\/1\.1 413/);
  });

  test("pages and JSON (the route manifest a browser fetches as it navigates) are gzipped for a browser that accepts it", async () => {
    const gzipped = (pathname: string) => raw(port, `GET ${pathname} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip, br\r\nConnection: close\r\n\r\n`);
    expect(await gzipped("/")).toMatch(/Content-Encoding: gzip/i);
    const version = /\/assets\/manifest-(\w+)\.js/.exec(await get("/"))?.[1];
    expect(version).toBeTruthy();
    const manifest = `/__manifest?paths=%2Fsearch%2C%2Flogin&version=${version}`;
    const response = await gzipped(manifest);
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toMatch(/Content-Type: application\/json/i);
    expect(response).toMatch(/Content-Encoding: gzip/i);
    expect(await get(manifest)).not.toMatch(/Content-Encoding/i);
  });

  test("fingerprinted assets are served with a year of caching", async () => {
    const asset = /\/assets\/[\w.-]+\.js/.exec(await get("/"))?.[0];
    expect(asset).toBeTruthy();
    const response = await get(asset!);
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toMatch(/Cache-Control: public, max-age=31536000, immutable/i);
  });
});
