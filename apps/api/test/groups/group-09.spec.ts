import { runGroup } from '../support/run-group';

runGroup(9);
