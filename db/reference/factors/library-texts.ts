/// <reference path="./text-modules.d.ts" />
// The files the factor library is built from, imported as text so Bun and the Worker bundle
// (esbuild inlines them) read the same bytes. datasets/ is written by
// scripts/build-factor-datasets.ts from the publishers' files.
import type { FactorLibraryTexts } from '../../../src/domain/emissions/factor-library.ts';
import defraSic from './datasets/defra-sic-multipliers-2022.csv' with { type: 'text' };
import desnz2023 from './datasets/desnz-2023.csv' with { type: 'text' };
import desnz2024 from './datasets/desnz-2024.csv' with { type: 'text' };
import desnz2025 from './datasets/desnz-2025.csv' with { type: 'text' };
import desnz2026 from './datasets/desnz-2026.csv' with { type: 'text' };
import epaSupplyChain from './datasets/epa-supply-chain-v1.3-naics6.csv' with { type: 'text' };
import curatedCsv from './emission-factors.csv' with { type: 'text' };

export const FACTOR_LIBRARY_TEXTS: FactorLibraryTexts = {
  curatedCsv,
  desnz: { 2023: desnz2023, 2024: desnz2024, 2025: desnz2025, 2026: desnz2026 },
  epaSupplyChain,
  defraSic,
};
