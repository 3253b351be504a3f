// The injectable source of the current time. Rules, token expiry and pollers
// ask a Clock instead of calling Date.now(), so tests and the sandbox's test
// clock decide what "now" is.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
