/** pagesB/mine/statistics */
export const STATISTICS_PATH = '/pagesB/mine/statistics';
