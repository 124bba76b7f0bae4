// Every reportable concept local name of the EFRAG VSME XBRL taxonomy 2026-05-01 (namespace
// https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/vsme), by presentation role [1000]–[1410]. Source:
// EFRAG-EU/Digital-Template-to-XBRL-Converter (MIT), src/mireport/data/taxonomies/vsme-2026-05-01.json
// (HEAD 56114ee, 2026-08-07), as transcribed in shared/reference/vsme-concepts.md.
// 143 distinct concepts; role [1240] (C3 reduction targets) reuses the eight GHG concepts of [1100].
// Rule packs may only map indicators to names in this set (checked by rule-packs.test.ts).
import type { IndicatorMapping } from './types.ts';

/** The taxonomy version these names come from. */
export const VSME_TAXONOMY_VERSION = '2026-05-01';

const CONCEPT_LIST = [
  // [1000] Introduction and general, and/or entity specific information
  'DisclosureOfAnyOtherGeneralAndOrEntitySpecificInformation',
  // [1010] B1 - General information - Basis for Preparation
  'BasisForPreparation',
  'BasisForReporting',
  'ReportContainsDisclosuresFromThePreviousReportingPeriodThatRemainUnchanged',
  'ListOfDisclosuresForWhichNoChangesAreReportedComparedToThePreviousPeriodReporting',
  'LinkToPreviousReportContainingDisclosuresThatRemainUnchanged',
  'ListOfOmittedDisclosuresDeemedToBeClassifiedOrSensitiveInformation',
  'UndertakingsLegalForm',
  'OtherUndertakingsLegalForm',
  'NaceSectorClassificationCodes',
  'Assets',
  'Turnover',
  'NumberOfEmployees',
  'EmployeeCountingMethodology',
  'TypeOfNumberOfEmployees',
  'CountryOfPrimaryOperationsAndLocationOfSignificantAssets',
  'DescriptionOfSustainabilityRelatedCertificationsOrLabels',
  // [1020] B1 - General information - List of subsidiaries
  'NameOfTheSubsidiary',
  'RegisteredAddressOfTheSubsidiary',
  // [1030] B1 - General information - List of sites
  'AddressOfSite',
  'PostalCodeOfSite',
  'CityOfSite',
  'CountryOfSite',
  'GPSLocationOfSite',
  // [1040] B2 - General information - Practices, policies and/or future initiatives for transitioning towards a more sustainable economy
  'SustainabilityIssueAddressedByPracticePolicyAndOrFutureInitiative',
  'PracticePolicyAndOrFutureInitiativeIsPubliclyAvailable',
  'UndertakingHasSetATargetWhichIsRelatedToAPolicy',
  // [1050] B2 - General information - Cooperative specific disclosures
  'DescriptionOfTheEffectiveParticipationOfWorkersUsersOrOtherInterestedPartiesOrCommunitiesInGovernance',
  'FinancialInvestmentInTheCapitalOrAssetsOfSocialEconomyEntities',
  'DescriptionOfLimitsToTheDistributionOfProfitsConnectedToTheMutualisticNatureOrToTheNatureOfTheActivitiesConsistingInServicesOfGeneralEconomicInterestSGEI',
  // [1060] C1 - General information - Strategy: Business Model and Sustainability – Related Initiatives
  'DescriptionOfSignificantGroupsOfProductsAndOrServicesOffered',
  'DescriptionOfSignificantMarketsTheUndertakingOperatesIn',
  'DescriptionOfMainBusinessRelationships',
  'DescriptionOfKeyElementsOfStrategyThatRelatesToOrAffectsSustainabilityIssues',
  // [1045] C2 - General information - Description of practices, policies and/or future initiatives for transitioning towards a more sustainable economy
  'DescriptionOfPracticesPoliciesAndOrFutureInitiatives',
  'MostSeniorLevelAccountableForImplementationOfPolicies',
  'DescriptionOfATargetRelatedToAPolicy',
  // [1080] B3 - Environment - Total Energy Consumption
  'TotalEnergyConsumption',
  // [1090] B3 - Environment - Breakdown of energy consumption
  'EnergyConsumptionFromElectricity',
  'EnergyConsumptionFromSelfGeneratedElectricity',
  'EnergyConsumptionFromFuels',
  // [1100] B3 - Environment - Estimated Greenhouse Gas Emissions
  'GrossScope1GreenhouseGasEmissions',
  'GrossLocationBasedScope2GreenhouseGasEmissions',
  'GrossMarketBasedScope2GreenhouseGasEmissions',
  'TotalGrossLocationBasedScope1AndScope2GHGEmissions',
  'TotalGrossMarketBasedScope1AndScope2GHGEmissions',
  'GrossScope3GreenhouseGasEmissions',
  'TotalGrossLocationBasedGHGEmissions',
  'TotalGrossMarketBasedGHGEmissions',
  // [1110] B3 - Environment - Greenhouse Gas Emissions intensity
  'Scope1AndScope2GreenhouseGasEmissionsIntensityValueLocationBased',
  'Scope1AndScope2GreenhouseGasEmissionsIntensityValueMarketBased',
  'TotalLocationBasedGreenhouseGasEmissionsIntensityValue',
  'TotalMarketBasedGreenhouseGasEmissionsIntensityValue',
  // [1120] B4 - Environment - Pollution of air, water and soil: availability of public disclosure
  'PubliclyAvailableDisclosure',
  'URLOrLinkToThePubliclyAvailableDisclosure',
  // [1130] B4 - Environment - Pollution of air, water and soil: amount of emissions
  'AmountOfEmissionToAir',
  'AmountOfEmissionToWater',
  'AmountOfEmissionToSoil',
  // [1140] B5 - Environment - Sites in biodiversity sensitive areas
  'AreaOfSiteInBiodiversitySensitiveArea',
  'SiteLocatedInABiodiversitySensitiveArea',
  'SiteLocatedNearABiodiversitySensitiveArea',
  // [1150] B5 - Environment - Biodiversity - on Land-use
  'TotalSealedArea',
  'TotalNatureOrientedAreaOnSite',
  'TotalNatureOrientedAreaOffSite',
  'TotalUseOfLand',
  // [1160] B6 - Environment - Water Withdrawal
  'TotalAmountOfWaterWithdrawnFromAllSites',
  'AmountOfWaterWithdrawnAtSitesLocatedInAreasOfHighWaterStress',
  // [1170] B6 - Environment - Water Consumption
  'WaterDischargeFromUndertakingProductionProcesses',
  'TotalWaterConsumption',
  // [1180] B7 - Environment - Description of circular economy principles
  'UndertakingAppliesCircularEconomyPrinciples',
  'DescriptionOfHowCircularEconomyPrinciplesAreApplied',
  // [1190] B7 - Environment - Breakdown of waste by type
  'WasteDivertedToRecycleOrReuseVolume',
  'WasteDivertedToRecycleOrReuseMass',
  'WasteDirectedToDisposalVolume',
  'WasteDirectedToDisposalMass',
  'TotalWasteRecycledReusedAndDirectedToDisposalVolume',
  'TotalWasteRecycledReusedAndDirectedToDisposalMass',
  // [1200] B7 - Environment - Total Hazardous and Non-Hazardous waste
  'TotalHazardousWasteGeneratedMass',
  'TotalNonHazardousWasteGeneratedMass',
  'TotalWasteGeneratedMass',
  'TotalHazardousWasteGeneratedVolume',
  'TotalNonHazardousWasteGeneratedVolume',
  'TotalWasteGeneratedVolume',
  // [1210] B7 - Environment - Breakdown of annual mass-flow of relevant materials used by the undertaking
  'NameOfMaterialUsed',
  'WeightOfMaterialUsed',
  'VolumeOfMaterialUsed',
  // [1220] B7 - Environment - Total annual mass-flow of materials used by the undertaking
  'TotalMassOfMaterialUsed',
  'TotalVolumeOfMaterialUsed',
  // [1230] C3 - Environment - Greenhouse Gas Emissions Reduction Baseline and Target Year
  'GreenhouseGasEmissionReductionTargetBaseYear',
  'GreenhouseGasEmissionReductionTargetYear',
  // [1240] C3 - Environment - Greenhouse Gas Emission Reduction Targets: the eight [1100] concepts again
  // [1250] C3 - Environment - Disclosure of list of main actions the entity seeks to achieve its targets
  'DisclosureOfListOfMainActionsTheEntitySeeksInOrderToAchieveItsTargets',
  // [1260] C3 - Environment - Transition plan for undertakings operating in high climate impact sectors
  'DescriptionOfATransitionPlanForClimateChangeMitigationIncludingAnExplanationOfHowItIsContributingToReduceGhgEmissions',
  'DateOfAdoptionOfTransitionPlanForUndertakingNotHavingAdoptedTransitionPlanYet',
  // [1270] C4 - Environment - Climate risks
  'DescriptionOfClimateRelatedHazardsAndClimateRelatedTransitionEvents',
  'DisclosureOfHowItHasAssessedTheExposureAndSensitivityOfItsAssetsActivitiesAndValueChainToTheseHazardsAndTransitionEvents',
  'TimeHorizonsOfAnyClimateRelatedHazardsAndTransitionEventsIdentified',
  'DisclosureOfWhetherItHasUndertakenClimateChangeAdaptationActionsForAnyClimateRelatedHazardsAndTransitionEvents',
  'PotentialAdverseEffectsOfClimateRisksThatMayAffectItsFinancialPerformanceOrBusinessOperationsInTheShortMediumOrLongTermIndicatingWhetherItAssessesTheRisksToBeHighMediumOrLow',
  // [1275] Enviroment - Other and/or entity specific information
  'DisclosureOfAnyOtherEnvironmentalAndOrEntitySpecificEnvironmentalDisclosures',
  // [1280] B8 - Social - Workforce - General characteristics: type of contract
  'NumberOfPermanentContractEmployees',
  'NumberOfTemporaryContractEmployees',
  // [1290] B8 - Social - Workforce - General characteristics: gender
  'NumberOfMaleEmployees',
  'NumberOfFemaleEmployees',
  'NumberOfOtherGenderEmployees',
  'NumberOfNonReportedGenderEmployees',
  // [1300] B8 - Social - Workforce - General characteristics: country of employment
  'NumberOfEmployeesForCountryOfEmploymentContract',
  // [1310] B8 - Social - Workforce - General characteristics: turnover rate
  'EmployeeTurnoverRate',
  // [1320] B9 - Social - Workforce - Health and safety
  'NumberOfRecordableWorkRelatedAccidentsInTheReportingPeriod',
  'RateOfRecordableWorkRelatedAccidentsInTheReportingPeriod',
  'NumberOfFatalitiesAsAResultOfWorkRelatedInjuriesAndWorkRelatedIllHealth',
  // [1330] B10 - Social - Workforce - Remuneration, collective bargaining and training
  'EmployeesReceivePayEqualOrAboveMinimumWageDeterminedByNationalLawOrCollectiveAgreement',
  'PercentageGapInPayBetweenFemaleAndMaleEmployees',
  'PercentageOfEmployeesCoveredByCollectiveBargainingAgreements',
  'AverageNumberOfAnnualTrainingHoursPerMaleEmployee',
  'AverageNumberOfAnnualTrainingHoursPerFemaleEmployee',
  'AverageNumberOfAnnualTrainingHoursPerOtherGenderEmployee',
  'AverageNumberOfAnnualTrainingHoursPerNonReportedGenderEmployee',
  // [1340] C5 - Social - Additional (general) workforce characteristics
  'FemaleToMaleRatioAtManagementLevelForTheReportingPeriod',
  'TotalNumberOfSelfEmployedWorkersWithoutPersonnelThatAreWorkingExclusivelyForTheUndertaking',
  'TotalNumberOfTemporaryWorkersProvidedByUndertakingsPrimarilyEngagedInEmploymentActivities',
  // [1350] C6 - Social - Additional own workforce information - Human rights policies and processes
  'UndertakingHasACodeOfConductOrHumanRightsPolicyForItsOwnWorkforce',
  'TypeOfContentCoveredByTheCodeOfConductOrHumanRightsPolicyForItsOwnWorkforce',
  'SpecificationOfOtherTypesOfContentCoveredByTheCodeOfConductOrHumanRightsPolicy',
  'UndertakingHasAComplaintHandlingMechanismForItsOwnWorkforce',
  // [1360] C7 - Social - Severe negative human rights incidents
  'UndertakingHasConfirmedHumanRightsIncidentsInItsOwnWorkforce',
  'TypeOfHumanRightRelatedToTheConfirmedIncident',
  'SpecificationOfOtherHumanRightsRelatedToTheConfirmedIncident',
  'DescriptionOfActionsTakeToAddressTheConfirmedIncidents',
  'UndertakingIsAwareOfAnyConfirmedIncidentsInvolvingWorkersInTheValueChainAffectedCommunitiesConsumersAndEndUsers',
  'SpecificationOfAnyConfirmedIncidentInvolvingWorkersInTheValueChainAffectedCommunitiesConsumersAndEndUsers',
  // [1365] Social - Other and/or entity specific information
  'DisclosureOfAnyOtherSocialAndOrEntitySpecificSocialDisclosures',
  // [1370] B11 - Governance - Convictions and fines for corruption and bribery
  'TotalNumberOfConvictionsForTheViolationOfAntiCorruptionAndAntiBriberyLaws',
  'TotalAmountOfFinesForTheViolationOfAnticorruptionAndAntibriberyLaws',
  // [1380] C8 - Governance - Revenues derived from activities
  'RevenueDerivedFromControversialWeaponsAntiPersonnelMinesClusterMunitionsChemicalWeaponsAndBiologicalWeapons',
  'RevenueDerivedFromCultivationAndProductionOfTobacco',
  'TotalRevenuesDerivedFromFossilFuelCoalOilAndGasSector',
  'RevenueDerivedFromCoal',
  'RevenueDerivedFromOil',
  'RevenueDerivedFromGas',
  'RevenueDerivedFromChemicalProduction',
  // [1390] C8 - Governance - Exclusion from EU benchmarks
  'UndertakingsAreExcludedFromAnyEuReferenceBenchmarksThatAreAlignedWithTheParisAgreement',
  // [1400] C9 - Governance - Gender diversity ratio in the governance body
  'GenderDiversityRatioInGovernanceBody',
  // [1410] Governance - Other and/or entity specific information
  'DisclosureOfAnyOtherGovernanceAndOrEntitySpecificGovernanceDisclosures',
] as const;

export type VsmeConcept = (typeof CONCEPT_LIST)[number];

export const VSME_CONCEPTS: ReadonlySet<string> = new Set<string>(CONCEPT_LIST);

/** A VSME mapping whose concept names the compiler checks against the list above. */
export function vsmeMapping(
  disclosure: string,
  ...concepts: [VsmeConcept, ...VsmeConcept[]]
): IndicatorMapping {
  return { kind: 'vsme', disclosure, concepts };
}
