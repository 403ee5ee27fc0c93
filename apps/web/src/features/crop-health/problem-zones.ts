/** Problem areas on the map: an orange dashed line, apart from the white field edge without relying on colour alone. */
export const PROBLEM_ZONE_COLOUR = '#ff6a3d';
