import { createContext } from 'react';
import type { LoginInput, SessionUser } from '@agency/shared';

export interface StaffUser extends SessionUser {
  avatarUrl: string;
}

export interface SessionState {
  /** True until the one session check at start has answered (spec 4), whatever its outcome. */
  loading: boolean;
  user: StaffUser | null;
  /** Signs in and stores the user; a refusal rejects with an ApiError of kind 'rejected' (the server's reason). */
  login: (credentials: LoginInput) => Promise<StaffUser>;
  /** Ends the session on the server, then clears the user. Where to go next is the caller's choice. */
  logout: () => Promise<void>;
  /** Takes in what the person changed on their profile (name, picture), so every screen shows it without a reload. */
  update: (changes: ProfileChanges) => void;
}

export type ProfileChanges = Pick<SessionUser, 'displayName' | 'profile_image'>;

export const SessionContext = createContext<SessionState | null>(null);
