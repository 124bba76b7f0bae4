// The words of each framework the built-in writer offers (issue 18 item 7): GRI references only in
// a GRI draft; SECR's own terms (energy use, intensity ratio, energy efficiency action, the
// directors' report; the Companies (Directors' Report) and LLP (Energy and Carbon Report)
// Regulations 2018); the VSME's disclosure names (EFRAG VSME, December 2024: B1 basis for
// preparation, B2 practices and future initiatives, B3 energy and emissions, B6 water, B8
// workforce, B9 health and safety, B10 training, B11 corruption); SASB's topics; TCFD's pillars.
// No years or other figures here: every number in a draft must come from the facts.
import type { NarrativeFramework } from '../../contracts/narratives.ts';

export interface Lexicon {
  /** Opening of each section, given the company's name, its possessive and the year. */
  summaryIntro: (company: string, year: string) => string;
  environmentalIntro: (company: string, year: string) => string;
  socialIntro: (company: string, year: string) => string;
  governanceIntro: (company: string, year: string) => string;
  /** The intro already names the regime, so the regime sentence is left out. */
  namesRegime: boolean;
  /** 'Gross greenhouse gas emissions (GRI 305-1 to 305-3)' … 'were'. */
  totalLead: string;
  scope1Lead: string;
  scope2Lead: string;
  scope3Lead: string;
  intensityLead: string;
  energyLead: string;
  waterLead: string;
  /** Introduces the company's own efficiency measures, as a list after a colon. */
  actionsLead: (year: string) => string;
  targetLead: string;
  workforceRef: string;
  diversityRef: string;
  trainingRef: string;
  healthRef: string;
  oversightLead: string;
  methodologyLead: string;
}

const GRI: Lexicon = {
  summaryIntro: (company, year) =>
    `${company} presents its sustainability report for ${year}, prepared with reference to the GRI Standards. The organisational profile follows GRI 2 (General Disclosures), covering the organisation and the sites within the reporting boundary (GRI 2-1 and 2-2).`,
  environmentalIntro: (company, year) =>
    `In line with GRI 305 (Emissions), this section covers the greenhouse gas emissions of ${company} for ${year} by scope, together with its energy consumption (GRI 302) and water (GRI 303).`,
  socialIntro: (company, year) =>
    `This section describes the workforce of ${company} in ${year}, with reference to GRI 2-7 (employees), GRI 403 (Occupational Health and Safety), GRI 404 (Training and Education) and GRI 405 (Diversity and Equal Opportunity).`,
  governanceIntro: (company, year) =>
    `This section reports how ${company} governed its sustainability matters in ${year}, with reference to GRI 2-9 to 2-27: the governance structure (GRI 2-9), the highest governance body's role in overseeing impacts (GRI 2-12) and in sustainability reporting (GRI 2-14), and compliance with laws and regulations (GRI 2-27).`,
  namesRegime: false,
  totalLead: 'Gross greenhouse gas emissions (GRI 305-1 to 305-3) were',
  scope1Lead: 'Direct Scope 1 emissions (GRI 305-1) were',
  scope2Lead: 'Energy indirect Scope 2 emissions (GRI 305-2) were',
  scope3Lead: 'Other indirect Scope 3 emissions (GRI 305-3) came to',
  intensityLead: 'Emissions intensity (GRI 305-4) was',
  energyLead: 'Energy consumption within the organisation (GRI 302-1) was',
  waterLead: 'Water consumption (GRI 303-5) was',
  actionsLead: (year) =>
    `Reductions of energy consumption (GRI 302-4) came from the measures taken in ${year}:`,
  targetLead: 'Under GRI 305-5, the company has committed to',
  workforceRef: ' (GRI 2-7)',
  diversityRef: ' (GRI 405-1)',
  trainingRef: ' (GRI 404-1)',
  healthRef: ' (GRI 403-9)',
  oversightLead: 'On the delegation of responsibility for managing impacts (GRI 2-13),',
  methodologyLead: 'For sustainability reporting (GRI 2-14), the method is as follows:',
};

const SASB: Lexicon = {
  summaryIntro: (company, year) =>
    `This summary sets out the sustainability matters most likely to affect the financial performance of ${company} in ${year}. It follows SASB's industry-agnostic framing of financially material disclosure topics and concentrates on greenhouse gas emissions, energy management and the workforce.`,
  environmentalIntro: (company, year) =>
    `SASB's disclosure topics on greenhouse gas emissions and energy management are the environmental matters most likely to be financially material for ${company}. This section reports the related metrics for ${year}.`,
  socialIntro: (company, year) =>
    `SASB treats human capital as a financially material dimension for most industries, covering employee engagement, diversity and inclusion, and labour practices. This section reports what ${company} recorded on these topics for ${year}.`,
  governanceIntro: (company, year) =>
    `SASB's leadership and governance dimension covers business ethics, the management of the legal and regulatory environment and critical incident risk management. This section sets out how ${company} governed its sustainability reporting in ${year}.`,
  namesRegime: false,
  totalLead: "Gross global emissions, the headline metric of SASB's greenhouse gas emissions topic, were",
  scope1Lead: 'Gross global Scope 1 emissions were',
  scope2Lead: 'Scope 2 emissions were',
  scope3Lead: 'Scope 3 emissions were',
  intensityLead: 'Normalised for the size of the business, emissions were',
  energyLead: 'Under energy management, total energy consumed was',
  waterLead: "Water use, relevant to SASB's water management topic, was",
  actionsLead: (year) =>
    `SASB asks for the plan to manage Scope 1 emissions; the measures taken in ${year} were:`,
  targetLead: 'The company has committed to',
  workforceRef: '',
  diversityRef: '',
  trainingRef: '',
  healthRef: '',
  oversightLead: 'On management of the legal and regulatory environment,',
  methodologyLead: 'For the figures themselves, the method is as follows:',
};

const TCFD: Lexicon = {
  summaryIntro: (company, year) =>
    `This summary follows the four pillars of the TCFD recommendations: governance, strategy, risk management, and metrics and targets. It sets out the climate-related performance of ${company} for ${year}.`,
  environmentalIntro: (company, year) =>
    `Under the TCFD recommendations, the figures in this section form the metrics and targets pillar: the emissions, energy use and targets ${company} uses to assess and manage climate-related risks and opportunities in ${year}.`,
  socialIntro: (company, year) =>
    `The TCFD recommendations concentrate on climate-related risks rather than social performance, so this section reports the workforce facts that bear on the capacity of ${company} to manage those risks in ${year}.`,
  governanceIntro: (company, year) =>
    `The TCFD recommendations ask companies to describe the board's oversight of climate-related risks and opportunities and management's role in assessing and managing them. This section covers that governance pillar for ${company} in ${year}, together with the risk management pillar.`,
  namesRegime: false,
  totalLead: 'Under the metrics and targets pillar, gross emissions were',
  scope1Lead: 'Scope 1 emissions, which the TCFD recommends every organisation disclose, were',
  scope2Lead: 'Scope 2 emissions were',
  scope3Lead: 'Scope 3 emissions, disclosed where appropriate, were',
  intensityLead: 'The cross-industry intensity metrics were',
  energyLead: 'Energy use, a driver of exposure to energy prices and carbon pricing, was',
  waterLead: 'Water use was',
  actionsLead: (year) =>
    `Under the strategy pillar, the measures taken in ${year} to reduce energy use and emissions were:`,
  targetLead: 'TCFD asks for the targets used to manage climate-related risks: the company has committed to',
  workforceRef: '',
  diversityRef: '',
  trainingRef: '',
  healthRef: '',
  oversightLead: "On the board's oversight and management's role,",
  methodologyLead: 'For the metrics behind this oversight, the method is as follows:',
};

const VSME: Lexicon = {
  summaryIntro: (company, year) =>
    `${company} presents its sustainability report for ${year} under the Basic module of the Voluntary Sustainability Reporting Standard for SMEs (VSME), the standard the CSRD points smaller companies to. The basis for preparation and the sites covered follow VSME B1.`,
  environmentalIntro: (company, year) =>
    `This section gives the environmental disclosures of the VSME Basic module for ${company} in ${year}: energy and greenhouse gas emissions (VSME B3), water (VSME B6) and the practices and future initiatives for the transition (VSME B2).`,
  socialIntro: (company, year) =>
    `This section gives the workforce disclosures of the VSME Basic module for ${company} in ${year}: general characteristics of the workforce (VSME B8), health and safety (VSME B9) and training (VSME B10).`,
  governanceIntro: (company, year) =>
    `This section covers the governance disclosures of the VSME Basic module for ${company} in ${year}: the basis for preparation (VSME B1), the practices, policies and future initiatives that govern the transition (VSME B2), and convictions and fines for corruption and bribery (VSME B11).`,
  namesRegime: true,
  totalLead: 'Gross greenhouse gas emissions (VSME B3) were',
  scope1Lead: 'Gross Scope 1 emissions (VSME B3) were',
  scope2Lead: 'Gross Scope 2 emissions were',
  scope3Lead: 'Scope 3 emissions, which the VSME invites where they can be measured, were',
  intensityLead: 'GHG intensity (VSME B3) was',
  energyLead: 'Total energy consumption (VSME B3) was',
  waterLead: 'Water withdrawal (VSME B6) was',
  actionsLead: (year) => `The practices and initiatives for the transition (VSME B2) in ${year} were:`,
  targetLead: 'As a future initiative under VSME B2, the company has committed to',
  workforceRef: ' (VSME B8)',
  diversityRef: ' (VSME B8)',
  trainingRef: ' (VSME B10)',
  healthRef: ' (VSME B9)',
  oversightLead: 'On who is responsible for the practices and policies (VSME B2),',
  methodologyLead: 'On the basis for preparation (VSME B1), the method is as follows:',
};

const SECR: Lexicon = {
  summaryIntro: (company, year) =>
    `This summary gives the energy and carbon information of ${company} for ${year}, as the directors' report presents it under the UK's Streamlined Energy and Carbon Reporting (SECR) requirements of the Companies Act: energy use, the related greenhouse gas emissions, an intensity ratio and the energy efficiency action taken in the year.`,
  environmentalIntro: (company, year) =>
    `This section sets out the energy and carbon report of ${company} for ${year} under SECR: energy use, emissions from gas and transport fuel (Scope 1) and from purchased electricity (Scope 2), the intensity ratio, the previous year's figures, the methodology and the energy efficiency action taken in the year.`,
  socialIntro: (company, year) =>
    `SECR covers energy and carbon only, so the workforce information in this section is voluntary: it sits alongside the directors' report of ${company} for ${year} to give context to the energy and carbon figures.`,
  governanceIntro: (company, year) =>
    `The energy and carbon report forms part of the directors' report, which the directors approve under the Companies Act. This section sets out who prepared and reviewed the figures of ${company} for ${year} and the methodology used, which SECR asks to be stated.`,
  namesRegime: true,
  totalLead: 'Scope 1 and 2 emissions, the headline SECR figure, were',
  scope1Lead: 'Emissions from gas and transport fuel (Scope 1) were',
  scope2Lead: 'Emissions from purchased electricity (Scope 2) were',
  scope3Lead: 'As a voluntary disclosure, Scope 3 emissions were',
  intensityLead: 'The intensity ratio was',
  energyLead: 'Energy use was',
  waterLead: 'As voluntary information, water use was',
  actionsLead: (year) => `The principal measures taken for energy efficiency action in ${year} were:`,
  targetLead: 'The company has committed to',
  workforceRef: '',
  diversityRef: '',
  trainingRef: '',
  healthRef: '',
  oversightLead: 'On the preparation and approval of the energy and carbon report,',
  methodologyLead: 'The methodology is as follows:',
};

export const LEXICONS: Readonly<Record<NarrativeFramework, Lexicon>> = {
  gri: GRI,
  sasb: SASB,
  tcfd: TCFD,
  csrd: VSME,
  secr: SECR,
};
