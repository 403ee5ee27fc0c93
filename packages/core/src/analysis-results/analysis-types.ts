/**
 * The four analyses of spec §7, by the short name the latest-summaries answer uses. Web app and server share the
 * list, so a result can be looked up by its type on either side.
 */
export const analysisTypes = ['health', 'yield', 'irrigation', 'fertilizer'] as const;
export type AnalysisType = (typeof analysisTypes)[number];
