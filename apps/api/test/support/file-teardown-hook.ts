import { endFileResources } from './file-teardown';

// After the test file's last test (a group of specs under `npm test`): see file-teardown.ts.
afterAll(() => endFileResources());
