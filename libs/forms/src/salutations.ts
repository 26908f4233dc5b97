/**
 * The salutations of `data.salutation` in the specs' order (spec 000 §9, spec 001 §3: mr, mrs, div), which the
 * selects of both apps offer after "not specified": the preference centre listed Ms before Mr, the portal Mr before Ms
 * (QA, 2026-11-30). The identity library's `Salutation` names the same three values; its list would have been a chunk
 * of its own on the account pages (0.2 KB and a request), this one is in the forms chunk they load anyway.
 */
export const SALUTATIONS = ['mr', 'mrs', 'div'] as const;
