// Creates the first administrator of a real deployment.
//
//   npm run admin:create                     asks for name, e-mail and password (typed twice, not echoed)
//   ADMIN_NAME=… ADMIN_EMAIL=… ADMIN_PASSWORD=… npm run admin:create    no questions asked
//
// Uses DATABASE_URL (default file:./data/app.db; a postgresql:// URL for PostgreSQL); run `npm run db:migrate` first.
import readline from "node:readline";
import { Writable } from "node:stream";
import { hash } from "@node-rs/argon2";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../app/generated/prisma/client.ts";
import { PrismaClient as PostgresClient } from "../app/generated/prisma-pg/client.ts";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PASSWORD_RULE =
  "at least 8 characters with a lowercase letter, an uppercase letter, a digit and one of @$!%*?&";

function nameError(name: string): string | null {
  if (name.length < 2 || name.length > 50) return "Name must be 2-50 characters.";
  return null;
}

function emailError(email: string): string | null {
  if (!email) return "E-mail is required.";
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) return "Invalid e-mail format.";
  return null;
}

function passwordError(password: string): string | null {
  const ok =
    password.length >= 8 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[@$!%*?&]/.test(password);
  return ok ? null : `Password must be ${PASSWORD_RULE}.`;
}

/**
 * Line-by-line terminal questions. Lines are queued as they arrive, so piped input works too;
 * while `muted`, nothing the user types is echoed.
 */
class Prompter {
  private muted = false;
  private lines: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private closed = false;
  private rl: readline.Interface;

  constructor() {
    const output = new Writable({
      write: (chunk, encoding, done) => {
        if (!this.muted) process.stdout.write(chunk, encoding);
        done();
      },
    });
    this.rl = readline.createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
    this.rl.on("line", (line) => {
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = null;
        resolve(line);
      } else this.lines.push(line);
    });
    this.rl.on("close", () => {
      this.closed = true;
      this.waiting?.(null);
      this.waiting = null;
    });
    // Ctrl+C while muted would otherwise leave the prompt line dangling.
    this.rl.on("SIGINT", () => {
      process.stdout.write("\nCancelled.\n");
      process.exit(130);
    });
  }

  private nextLine(): Promise<string> {
    const queued = this.lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.closed) return Promise.reject(new Error("Input ended before all answers were given."));
    return new Promise((resolve, reject) => {
      this.waiting = (line) => (line === null ? reject(new Error("Input ended before all answers were given.")) : resolve(line));
    });
  }

  async ask(question: string): Promise<string> {
    process.stdout.write(question);
    return (await this.nextLine()).trim();
  }

  async askHidden(question: string): Promise<string> {
    process.stdout.write(question);
    this.muted = true;
    try {
      return await this.nextLine();
    } finally {
      this.muted = false;
      process.stdout.write("\n");
    }
  }

  /** Asks until `validate` accepts the answer. */
  async askValid(question: string, validate: (answer: string) => string | null, hidden = false): Promise<string> {
    for (;;) {
      const answer = hidden ? await this.askHidden(question) : await this.ask(question);
      const error = validate(answer);
      if (!error) return answer;
      console.error(`  ${error}`);
    }
  }

  close() {
    this.rl.close();
  }
}

interface AdminInput {
  name: string;
  email: string;
  password: string;
}

function fromEnvironment(): AdminInput | null {
  const { ADMIN_NAME, ADMIN_EMAIL, ADMIN_PASSWORD } = process.env;
  if (!ADMIN_NAME || !ADMIN_EMAIL || !ADMIN_PASSWORD) return null;
  const input = { name: ADMIN_NAME.trim(), email: ADMIN_EMAIL.trim().toLowerCase(), password: ADMIN_PASSWORD };
  const error = nameError(input.name) ?? emailError(input.email) ?? passwordError(input.password);
  if (error) throw new Error(error);
  return input;
}

async function fromTerminal(emailTaken: (email: string) => Promise<boolean>): Promise<AdminInput> {
  const prompter = new Prompter();
  try {
    console.log("Create the first administrator.\n");
    const name = await prompter.askValid("Name: ", nameError);
    let email: string;
    for (;;) {
      email = (await prompter.askValid("E-mail: ", (a) => emailError(a.toLowerCase()))).toLowerCase();
      if (!(await emailTaken(email))) break;
      console.error(`  An account with ${email} already exists.`);
    }
    console.log(`Password: ${PASSWORD_RULE}.`);
    for (;;) {
      const password = await prompter.askValid("Password: ", passwordError, true);
      const again = await prompter.askHidden("Password again: ");
      if (password === again) return { name, email, password };
      console.error("  Passwords do not match.");
    }
  } finally {
    prompter.close();
  }
}

/** The Prisma client for DATABASE_URL: both are generated from the one schema, so they share the model API. */
function databaseClient(url: string): PrismaClient {
  if (/^postgres(ql)?:/.test(url)) return new PostgresClient({ adapter: new PrismaPg({ connectionString: url }) }) as unknown as PrismaClient;
  return new PrismaClient({ adapter: new PrismaBetterSQLite3({ url }) });
}

async function main() {
  const url = process.env.DATABASE_URL ?? "file:./data/app.db";
  const prisma = databaseClient(url);
  const emailTaken = async (email: string) => (await prisma.user.count({ where: { email } })) > 0;
  try {
    const input = fromEnvironment() ?? (await fromTerminal(emailTaken));
    if (await emailTaken(input.email)) throw new Error(`An account with ${input.email} already exists.`);
    const passwordHash = await hash(input.password);
    const admin = await prisma.user.create({
      data: {
        role: "admin",
        name: input.name,
        email: input.email,
        isVerified: true,
        emailVerifiedAt: new Date(),
        status: "active",
        password: { create: { hash: passwordHash } },
      },
      select: { id: true, email: true },
    });
    console.log(`\nAdministrator ${admin.email} created (id ${admin.id}). Sign in at /admin/login.`);
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  const duplicate = typeof error === "object" && error !== null && "code" in error && error.code === "P2002";
  const message = duplicate ? "An account with that e-mail already exists." : error instanceof Error ? error.message : String(error);
  console.error(`Error: ${message}`);
  process.exit(1);
});
