// What each framework asks of a section, in plain words: the honest content a short draft adds (up
// to 200 words) instead of filler, so a company with little data learns what to record next. Only
// used when the facts give too little to say; no figures, so the number check never trips on them.
import type { NarrativeFramework, NarrativeSection } from '../../contracts/narratives.ts';

export const GUIDANCE: Readonly<Record<NarrativeFramework, Record<NarrativeSection, string[]>>> = {
  gri: {
    executive_summary: [
      'The GRI Standards ask a report to describe the organisation, its reporting boundary and its most significant impacts on the economy, the environment and people.',
      'The environmental, social and governance sections that follow give the detail behind this summary, each referenced to the GRI disclosure it answers.',
      'Where a disclosure cannot yet be made in full, GRI asks the organisation to say so and explain what it is doing to close the gap, which this report does.',
      'Recording activity data as it arrives, rather than at the year end, makes each figure easier to check and the report quicker to prepare.',
      'Each figure in this report can be traced to the records behind it, which is what an assurance provider will ask to see.',
    ],
    environmental: [
      'GRI 305 asks for gross Scope 1, Scope 2 and, where known, Scope 3 emissions, together with the standards, methodologies and emission factors used to calculate them.',
      'GRI 302 asks for the energy consumed within the organisation by fuel type, and GRI 303 for the water withdrawn and consumed.',
      'Every figure in this section is calculated from activity records, so adding a bill or a fuel receipt to the ledger updates the report.',
      'Where Scope 3 emissions are reported, GRI asks which categories are included and why.',
      'A reduction target, once set, is reported under GRI 305-5 together with the progress made against it.',
    ],
    social: [
      'GRI 2-7 asks for the number of employees, broken down by gender and by region where that is meaningful.',
      'GRI 403 asks how occupational health and safety is managed and how many work-related injuries occurred, and GRI 404 for the average hours of training per employee.',
      'A headcount, a gender split and a training log kept through the year are enough to answer the core of these disclosures.',
      'GRI 405-1 also asks for the diversity of governance bodies, such as the board or the management team.',
      'Recording these figures in the same way every year makes the trend as visible as the level.',
    ],
    governance: [
      'GRI 2-9 asks for the governance structure, and GRI 2-12 to 2-14 for the role of the highest governance body in overseeing impacts and approving the sustainability report.',
      'GRI 2-23 asks for the policy commitments behind responsible business conduct, and GRI 2-27 for significant instances of non-compliance with laws and regulations.',
      'Naming the person who prepares the figures and the director who reviews them is the simplest way to start answering these disclosures.',
      'A short statement of who is accountable for each sustainability topic often answers several of these disclosures at once.',
      'Board minutes that record sustainability discussions are useful evidence for an assurance provider.',
    ],
  },
  sasb: {
    executive_summary: [
      'SASB standards focus on the sustainability matters that are reasonably likely to affect cash flows, access to finance or the cost of capital.',
      'The sections that follow expand on each topic with the metrics SASB associates with it.',
      'Where a metric is still to be measured, the report says so rather than estimating it, so investors can see what the figures cover.',
      'Metrics are reported in the same units every year so that investors can compare them.',
      'Each figure can be traced to the records behind it.',
    ],
    environmental: [
      'SASB asks for gross global Scope 1 emissions, a discussion of the strategy to manage them and of any reduction targets, and the total energy consumed with its renewable share.',
      'These metrics are calculated from activity records, so each bill or fuel receipt added to the ledger refines them.',
      'Reporting the same metrics each year lets readers judge the trend as well as the level.',
      'Water withdrawn is relevant where the business operates in areas of water stress.',
      'A reduction target with a base year and a target year lets readers judge the plan to manage emissions.',
    ],
    social: [
      'SASB asks for gender and diversity representation in management and among all other employees, and for the rate of work-related injuries.',
      'Employee engagement and turnover are useful signals of human capital, and a simple annual survey and a leavers list are enough to start measuring them.',
      'Recording these figures each year shows whether the workforce is growing, stable or changing.',
      'Labour practices include pay, working hours and the right to collective bargaining, all of which can be described from existing HR records.',
      'A record of work-related injuries, even a short one, is the starting point for the health and safety metrics.',
    ],
    governance: [
      'SASB asks how the business manages ethics, the legal and regulatory environment and critical incidents.',
      'A named owner for the sustainability figures and a regular review by management give investors confidence that the metrics are controlled.',
      'Policies on bribery, competition and whistleblowing, once written down, can be summarised here.',
      'A record of any legal or regulatory proceedings, and of how they were resolved, answers the core of that topic.',
      'Describing how critical incidents would be handled shows readers that the business is prepared.',
    ],
  },
  tcfd: {
    executive_summary: [
      'The governance pillar asks who oversees climate-related matters; the strategy pillar asks which risks and opportunities matter over the short, medium and long term.',
      'The risk management pillar asks how those risks are identified and managed, and the metrics and targets pillar for the figures used to track them.',
      'A first TCFD-aligned report often starts with metrics and governance and adds scenario analysis as the data matures.',
      'Each figure in this report can be traced to the activity records behind it.',
      'Targets and the progress made against them complete the metrics and targets pillar.',
    ],
    environmental: [
      'The metrics and targets pillar asks for Scope 1 and Scope 2 emissions, Scope 3 where appropriate, and the targets used to manage climate-related risks with performance against them.',
      'Energy use matters because it drives exposure to energy prices and to any future carbon pricing.',
      'Every figure here comes from the activity records in the ledger, so it can be traced back to its source.',
      'Physical risks, such as flooding or heat at a site, can be noted alongside the figures as they are identified.',
      'A reduction target with a base year and a target year lets readers judge performance against it.',
    ],
    social: [
      'Managing climate-related risks depends on people with the skills to measure energy use, plan investments and respond to physical events such as floods or heatwaves.',
      'A record of who is trained in energy management and business continuity helps show that capacity.',
      'Health and safety records also matter, because extreme weather affects working conditions.',
      'Naming the people responsible for energy management and for business continuity is a useful first step.',
      'These facts sit alongside the governance section, which describes oversight of climate-related matters.',
    ],
    governance: [
      'TCFD asks how often the board is informed about climate-related issues and whether it considers them when reviewing strategy, budgets and major investments.',
      'It also asks which managers are responsible for assessing and managing climate-related risks, and how they report to the board.',
      'A short description of the process for identifying climate-related risks, and of who reviews it, answers the core of the risk management pillar.',
      'Minutes of board discussions on climate-related matters are useful evidence of oversight.',
      'Linking climate-related objectives to management responsibilities shows how the risks are managed in practice.',
    ],
  },
  csrd: {
    executive_summary: [
      'The VSME Basic module asks every small or medium-sized company for a core set of disclosures: the basis for preparation (B1), practices and policies (B2), energy and emissions (B3), pollution (B4), biodiversity (B5), water (B6), resource use and waste (B7), workforce (B8 to B10) and corruption (B11).',
      'The VSME is voluntary, but banks, investors and larger customers use it to ask for the same information in the same format.',
      'Where a disclosure is still open, the report says so rather than estimating it.',
      'Each figure in this report can be traced to the activity records behind it.',
      'The Comprehensive module adds further disclosures for companies whose customers or lenders ask for them.',
    ],
    environmental: [
      'VSME B3 asks for total energy consumption split into electricity and fuels, gross Scope 1 and location-based Scope 2 emissions, and the GHG intensity per turnover.',
      'VSME B6 asks for the total water withdrawn, and B7 for the waste generated and the share recycled or reused.',
      'Each figure in this section is calculated from activity records, so adding a bill or a meter reading to the ledger updates it.',
      'Where a site is in or near a biodiversity-sensitive area, VSME B5 asks for it to be named.',
      'Targets and transition plans, where they exist, are described under VSME B2 as future initiatives.',
    ],
    social: [
      'VSME B8 asks for the number of employees by contract type and gender, VSME B9 for work-related accidents and fatalities, and VSME B10 for minimum wage, collective bargaining coverage and training hours.',
      'A year-end headcount, an accident log and a training log are enough to answer the core of these disclosures.',
      'Keeping them through the year means the figures are ready when customers or lenders ask.',
      'VSME B10 also asks whether employees earn at least the applicable minimum wage and, for companies above the threshold, for the gender pay gap.',
      'Recording these figures in the same way every year makes the trend as visible as the level.',
    ],
    governance: [
      'VSME B1 asks whether the report covers the company alone or its group, and which modules it follows; VSME B11 asks for convictions and fines for corruption or bribery.',
      'VSME B2 asks whether the company has practices, policies or future initiatives on climate, pollution, water, resources, its workforce and business conduct, and whether they are publicly available.',
      'Naming who prepares the figures and who approves them gives readers confidence in the report.',
      'A company without convictions or fines for corruption or bribery says so under VSME B11.',
      'Policies that are written down and available to staff can be listed here as practices under VSME B2.',
    ],
  },
  secr: {
    executive_summary: [
      "SECR asks the directors' report of a large unquoted company or LLP for UK energy use, the related Scope 1 and 2 emissions, at least one intensity ratio, the previous year's figures, the methodology and the principal measures taken to improve energy efficiency.",
      'Scope 3 emissions, water and workforce figures are voluntary under SECR and appear only where they add context.',
      'Each figure comes from activity records in the ledger, so it can be traced to the bill or receipt behind it.',
      "A company that used little energy in the year may qualify as a low energy user, and then states that in the directors' report instead of the figures.",
      'Recording bills and fuel receipts as they arrive makes the year-end report quicker to prepare.',
    ],
    environmental: [
      "SECR asks for energy use from gas, purchased electricity and transport fuel, the emissions they cause, at least one intensity ratio and the previous year's figures alongside this year's.",
      'The methodology must be stated, typically the GHG Protocol Corporate Standard with the UK government conversion factors for the reporting year.',
      'Energy efficiency action covers any measure taken in the year to use less energy, such as new equipment, lighting, controls or route planning; if none was taken, SECR asks for that to be said.',
      'Transport fuel covers vehicles the company owns or leases and employee cars where it pays for the fuel.',
      'Where the company buys renewable electricity under a contract, a market-based Scope 2 figure can be shown alongside the location-based one.',
    ],
    social: [
      'SECR itself requires no information on the workforce, but a headcount gives the intensity ratio per employee and helps readers compare years as the business grows.',
      'Training, gender balance and accident figures can be kept in the same place as the energy records and reported voluntarily.',
      'Staff awareness often drives simple energy savings, such as switching off equipment and lights between shifts.',
      'Recording these figures in the same way every year makes the trend as visible as the level.',
      'A training log that includes energy awareness also supports the energy efficiency action described in the environmental section.',
    ],
    governance: [
      "The directors approve the directors' report, including the energy and carbon information, and one director signs it on behalf of the board.",
      'SECR asks for the methodology to be stated, so a reader can see which standard and conversion factors were used and which sites and vehicles are included.',
      'Naming the person who prepares the figures and the director who reviews them makes the report easy to check.',
      'Keeping the bills, meter readings and fuel receipts behind each figure makes the report straightforward to review.',
      "If the company qualifies as a low energy user, the directors' report states that instead of giving the figures.",
    ],
  },
};

/** Said in any framework, after the framework's own guidance, when a section is still short. */
export const COMMON_GUIDANCE: Readonly<Record<NarrativeSection, string[]>> = {
  executive_summary: [
    'The sections that follow set out each topic in more detail, with the records behind every figure.',
    'Keeping bills, meter readings, fuel receipts and staff records in one place through the year makes the next report quicker to prepare and easier to check.',
  ],
  environmental: [
    'Keeping bills, meter readings and fuel receipts in one place through the year makes these figures quick to update and easy to check.',
    'Comparing the same figures from year to year shows whether the measures taken are working.',
  ],
  social: [
    'A short table kept through the year, with the people employed at the year end by gender, the hours of training given and any work-related accidents, is enough to start.',
    'The same records help the company answer the questionnaires that customers and lenders increasingly send.',
  ],
  governance: [
    'Governance disclosures are mostly descriptive: a few sentences on who decides, who prepares the figures and how often they are reviewed go a long way.',
    'A written policy, even a short one, gives staff and readers a clear statement of intent.',
  ],
};
