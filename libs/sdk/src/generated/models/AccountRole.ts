/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
/**
 * `admin` may also use the administration routes.
 */
export type AccountRole = 'user' | 'admin';
