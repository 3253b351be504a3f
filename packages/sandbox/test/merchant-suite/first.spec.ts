// One of a merchant's two test files; see scenario.ts.
import { it } from "vitest";
import { startsCleanAndFollowsTheClock } from "./scenario.ts";

it("starts clean, and the client's tokens follow the sandbox clock", startsCleanAndFollowsTheClock);
