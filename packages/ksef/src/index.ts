/** @fiscus/ksef public API (filled in as the modules land). */
export {};
