import { create } from 'zustand';
import { getToken, setToken } from '../lib/storage';

interface AuthState {
  token: string | null;
  /** Why the last session ended: a user who signed out is not sent back to where they were. */
  endedBy: 'user' | 'expiry' | null;
  signIn: (token: string) => void;
  signOut: (endedBy?: 'user' | 'expiry') => void;
}

/** The token lives in localStorage (spec §9 auth_token); the store mirrors it for rendering. */
export const useAuthStore = create<AuthState>()((set) => ({
  token: getToken(),
  endedBy: null,
  signIn: (token) => {
    setToken(token);
    set({ token, endedBy: null });
  },
  signOut: (endedBy = 'user') => {
    setToken(null);
    set({ token: null, endedBy });
  },
}));
