"use client";

import { createContext } from "react";

/** True inside Clerk's provider: a page that brings Clerk itself must not mount a second one (nested ClerkProviders throw). */
export const ClerkPresenceContext = createContext(false);
