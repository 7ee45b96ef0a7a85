/** The current time; injected so tests can move it forward (token expiry, session timeouts). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
