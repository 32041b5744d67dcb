/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type ServiceIndexDto = {
  /**
   * The API reference (Swagger UI).
   */
  docs: string;
  name: string;
  /**
   * The OpenAPI document the SDK is generated from.
   */
  openapi: string;
  /**
   * The web portal (accounts, tokens, Try it); null when this server was started without it.
   */
  portal: string | null;
};

