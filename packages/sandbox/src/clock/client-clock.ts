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

async function readAnswer(response: Response, what: string): Promise<ClockAnswer> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}`);
  const answer = (await response.json()) as ClockAnswer;
  if (typeof answer.now !== "string" || Number.isNaN(Date.parse(answer.now)))
    throw new Error(`${what} did not answer a time`);
  return answer;
}

export async function sandboxClock(baseUrl: string): Promise<RemoteSandboxClock> {
  const base = baseUrl.replace(/\/+$/, "");
  let sandboxMs = 0;
  let readAt = 0;
  let frozen = false;
  const follow = (answer: ClockAnswer) => {
    sandboxMs = Date.parse(answer.now);
    readAt = Date.now();
    frozen = answer.frozen;
  };
  follow(await readAnswer(await fetch(`${base}/_sandbox/clock`), "GET /_sandbox/clock"));
  return {
    now: () => new Date(frozen ? sandboxMs : sandboxMs + (Date.now() - readAt)),
    async advance(seconds) {
      const response = await fetch(`${base}/_sandbox/clock/advance`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ seconds }),
      });
      follow(await readAnswer(response, "POST /_sandbox/clock/advance"));
    },
    async sync() {
      follow(await readAnswer(await fetch(`${base}/_sandbox/clock`), "GET /_sandbox/clock"));
    },
  };
}
