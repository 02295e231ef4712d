import { describeRandomUse } from './money-model.ts';

// A share of the model-based runs of the money engine; the files share them to run in parallel.
describeRandomUse();
