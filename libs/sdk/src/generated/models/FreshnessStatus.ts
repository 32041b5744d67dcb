/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
/**
 * current: every draw that took place is here; awaiting: the latest is not yet, within its publication window; stale: a draw is missing past its window.
 */
export type FreshnessStatus = 'current' | 'awaiting' | 'stale';
