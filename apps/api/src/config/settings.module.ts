import { DynamicModule, Global, Module } from '@nestjs/common';
import { Settings } from './settings';

/** Injection token for the validated Settings object. */
export const SETTINGS = Symbol('SETTINGS');

@Global()
@Module({})
export class SettingsModule {
  static register(settings: Settings): DynamicModule {
    return {
      module: SettingsModule,
      providers: [{ provide: SETTINGS, useValue: settings }],
      exports: [SETTINGS],
    };
  }
}
