/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { CsvSourceMapping } from './CsvSourceMapping';
import type { JsonSourceMapping } from './JsonSourceMapping';
import type { XmlSourceMapping } from './XmlSourceMapping';
/**
 * The generic adapter's mapping: where the rows, the date and the numbers are (README, "Adding or changing a source"). One of the formats, chosen by `format`.
 */
export type SourceMapping = (JsonSourceMapping | CsvSourceMapping | XmlSourceMapping);

