// A clock for clients of a sandbox in another process (core's Clock,
// `() => Date`): it reads GET /_sandbox/clock once, then runs on from there
// (or stands still, when the sandbox clock is frozen) and moves with every
// advance made through it. Advances made another way are seen after sync().
export interface RemoteSandboxClock {
  /** The sandbox clock's time as this process knows it; pass it as `clock` to core's OAuthClient. */
  readonly now: () => Date;
  /** POST /_sandbox/clock/advance, then follows the sandbox's answer. */
  advance(seconds: number): Promise<void>;
  /** Reads GET /_sandbox/clock again (after an advance made by someone else). */
  sync(): Promise<void>;
}

interface ClockAnswer {
  now: string;
  frozen: boolean;
}

const EXAMPLE = "http://127.0.0.1:4010";

/** The sandbox's base URL without trailing slashes; a clear TypeError for anything else. */
function checkedBase(baseUrl: unknown): string {
  const shown = baseUrl === undefined ? "undefined" : JSON.stringify(baseUrl);
  const refuse = () =>
    new TypeError(
      `sandboxClock(baseUrl): baseUrl must be the sandbox's {base_url}, an absolute http(s) URL such as ${EXAMPLE}, not ${shown}`,
    );
  if (typeof baseUrl !== "string" || !URL.canParse(baseUrl)) throw refuse();
  const { protocol } = new URL(baseUrl);
  if (protocol !== "http:" && protocol !== "https:") throw refuse();
  return baseUrl.replace(/\/+$/, "");
}

/** fetch, with an error that says which sandbox could not be reached and why. */
async function request(base: string, path: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(`${base}${path}`, init);
  } catch (error) {
    const cause = (error as Error).cause as NodeJS.ErrnoException | undefined;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new Error(
      `sandboxClock: cannot reach the sandbox at ${base} (${reason}); is it running there?`,
      { cause: error },
    );
  }
}

/** The sandbox's own explanation of a refusal: its message and each error entry. */
async function refusalReason(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as {
      message?: unknown;
      errors?: { path?: unknown; message?: unknown }[];
    };
    const entries = Array.isArray(body.errors)
      ? body.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : String(e.message)))
      : [];
    // The entries say more than the summary ("… not valid; see errors.").
    const parts =
      entries.length > 0 ? entries : [typeof body.message === "string" ? body.message : ""];
    const reason = parts.filter((p) => p !== "").join("; ");
    if (reason !== "") return reason;
  } catch {
    // Not the sandbox's JSON: show the start of what came back.
  }
  return text.slice(0, 200) || "(empty body)";
}

async function readAnswer(response: Response, what: string): Promise<ClockAnswer> {
  if (!response.ok)
    throw new Error(`${what} answered ${response.status}: ${await refusalReason(response)}`);
  const answer = (await response.json()) as ClockAnswer;
  if (typeof answer.now !== "string" || Number.isNaN(Date.parse(answer.now)))
    throw new Error(`${what} did not answer a time`);
  return answer;
}

export async function sandboxClock(baseUrl: string): Promise<RemoteSandboxClock> {
  const base = checkedBase(baseUrl);
  let sandboxMs = 0;
  let readAt = 0;
  let frozen = false;
  const follow = (answer: ClockAnswer) => {
    sandboxMs = Date.parse(answer.now);
    readAt = Date.now();
    frozen = answer.frozen;
  };
  const read = async () =>
    follow(
      await readAnswer(
        await request(base, "/_sandbox/clock"),
        `sandboxClock: GET ${base}/_sandbox/clock`,
      ),
    );
  await read();
  return {
    now: () => new Date(frozen ? sandboxMs : sandboxMs + (Date.now() - readAt)),
    async advance(seconds) {
      if (typeof seconds !== "number" || !Number.isFinite(seconds))
        throw new TypeError(
          `advance(seconds): seconds must be a finite number of seconds, not ${typeof seconds === "number" ? String(seconds) : JSON.stringify(seconds)}`,
        );
      const response = await request(base, "/_sandbox/clock/advance", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ seconds }),
      });
      follow(
        await readAnswer(
          response,
          `advance(seconds = ${seconds}): POST ${base}/_sandbox/clock/advance`,
        ),
      );
    },
    sync: read,
  };
}
