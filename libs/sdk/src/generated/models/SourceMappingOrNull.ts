/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { SourceMapping } from './SourceMapping';
/**
 * A mapping (the generic adapter), or null (the other adapters).
 */
export type SourceMappingOrNull = SourceMapping | null;

