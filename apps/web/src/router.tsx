import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RequireAuth } from './components/RequireAuth';
import { RootLayout } from './components/RootLayout';
import { lazyPage, RouteError } from './components/RouteStates';
import { TabLayout } from './components/TabLayout';
import { setNavigator } from './lib/navigation';

const HomePage = lazyPage(() => import('./features/home/HomePage'));
const ProductListPage = lazyPage(() => import('./features/product/ProductListPage'));
const WalletPage = lazyPage(() => import('./features/wallet/WalletPage'));
const ContactUsPage = lazyPage(() => import('./features/contact/ContactUsPage'));
const MinePage = lazyPage(() => import('./features/mine/MinePage'));
const SignInPage = lazyPage(() => import('./features/account/SignInPage'));
const SignUpPage = lazyPage(() => import('./features/account/SignUpPage'));
const ForgotPage = lazyPage(() => import('./features/account/ForgotPasswordPage'));
const UpdatePasswordPage = lazyPage(() => import('./features/mine/UpdatePasswordPage'));
const UserInfoPage = lazyPage(() => import('./features/mine/UserInfoPage'));
const SettingsPage = lazyPage(() => import('./features/mine/SettingsPage'));
const PayPasswordPage = lazyPage(() => import('./features/mine/PayPasswordPage'));
const LevelUserPage = lazyPage(() => import('./features/vip/LevelUserPage'));
const ProductInfoPage = lazyPage(() => import('./features/product/ProductInfoPage'));
const MyProductPage = lazyPage(() => import('./features/product/MyProductPage'));
const OrderRecordPage = lazyPage(() => import('./features/product/OrderRecordPage'));
const records = () => import('./features/records/RecordsPage');
const ProfitRecordPage = lazyPage(() => records().then((m) => ({ default: m.ProfitRecordPage })));
const cashRecords = () => import('./features/wallet/CashRecordsPage');
const DepositRecordPage = lazyPage(() => cashRecords().then((m) => ({ default: m.DepositRecordPage })));
const WithdrawRecordPage = lazyPage(() => cashRecords().then((m) => ({ default: m.WithdrawRecordPage })));
const DepositPage = lazyPage(() => import('./features/wallet/DepositPage'));
const DepositStatusPage = lazyPage(() => import('./features/wallet/DepositStatusPage'));
const WithdrawPage = lazyPage(() => import('./features/wallet/WithdrawPage'));
const AccountsPage = lazyPage(() => import('./features/wallet/AccountsPage'));
const AccountEditPage = lazyPage(() => import('./features/wallet/AccountEditPage'));
const PointsRecordPage = lazyPage(() => records().then((m) => ({ default: m.PointsRecordPage })));
const MaintenancePage = lazyPage(() => import('./features/system/MaintenancePage'));
const InviteFriendsPage = lazyPage(() => import('./features/team/InviteFriendsPage'));
const MyTeamPage = lazyPage(() => import('./features/team/MyTeamPage'));
const NetworkErrorPage = lazyPage(() => import('./features/system/NetworkErrorPage'));
const NotFoundPage = lazyPage(() => import('./features/system/NotFoundPage'));
const TeamRankPage = lazyPage(() => import('./features/rank/TeamRankPage'));
const drawScreens = () => import('./features/draws/DrawScreen');
const TurntablePage = lazyPage(() => drawScreens().then((m) => ({ default: m.TurntablePage })));
const GridDrawPage = lazyPage(() => drawScreens().then((m) => ({ default: m.GridPage })));
const CapsulePage = lazyPage(() => drawScreens().then((m) => ({ default: m.CapsulePage })));
const WindowPage = lazyPage(() => drawScreens().then((m) => ({ default: m.WindowPage })));
const DrawRecordPage = lazyPage(() => import('./features/draws/DrawRecordPage'));
const DrawRecordDetailPage = lazyPage(() => import('./features/draws/DrawRecordDetailPage'));
const AddressPage = lazyPage(() => import('./features/address/AddressPage'));
const RedeemPage = lazyPage(() => import('./features/redeem/RedeemPage'));
const CouponsPage = lazyPage(() => import('./features/coupons/CouponsPage'));
const eventScreens = () => import('./features/events/EventsPage');
const AnniversaryPage = lazyPage(() => eventScreens().then((m) => ({ default: m.AnniversaryPage })));
const ConferencePage = lazyPage(() => eventScreens().then((m) => ({ default: m.ConferencePage })));
const StatisticsPage = lazyPage(() => import('./features/statistics/StatisticsPage'));
const MessagesPage = lazyPage(() => import('./features/messages/MessagesPage'));
const locationPages = () => import('./features/messages/LocationPages');
const LocationChoosePage = lazyPage(() => locationPages().then((m) => ({ default: m.LocationChoosePage })));
const LocationOpenPage = lazyPage(() => locationPages().then((m) => ({ default: m.LocationOpenPage })));
const articlePages = () => import('./features/content/ArticlePages');
const NewsListPage = lazyPage(() => articlePages().then((m) => ({ default: m.NewsListPage })));
const NewsDetailPage = lazyPage(() => articlePages().then((m) => ({ default: m.NewsDetailPage })));
const HonorPage = lazyPage(() => articlePages().then((m) => ({ default: m.HonorPage })));
const HonorDetailPage = lazyPage(() => articlePages().then((m) => ({ default: m.HonorDetailPage })));
const GuideTypesPage = lazyPage(() => articlePages().then((m) => ({ default: m.GuideTypesPage })));
const GuidesPage = lazyPage(() => articlePages().then((m) => ({ default: m.GuidesPage })));
const GuideDetailPage = lazyPage(() => articlePages().then((m) => ({ default: m.GuideDetailPage })));
const postPages = () => import('./features/content/PostPages');
const PostsPage = lazyPage(() => postPages().then((m) => ({ default: m.PostsPage })));
const PostDetailPage = lazyPage(() => postPages().then((m) => ({ default: m.PostDetailPage })));
const CommentPage = lazyPage(() => import('./features/content/CommentPage'));
const companyPages = () => import('./features/content/CompanyPages');
const AboutUsPage = lazyPage(() => companyPages().then((m) => ({ default: m.AboutUsPage })));
const HistoryPage = lazyPage(() => companyPages().then((m) => ({ default: m.HistoryPage })));
const LeadershipPage = lazyPage(() => companyPages().then((m) => ({ default: m.LeadershipPage })));
const AgreementPage = lazyPage(() => companyPages().then((m) => ({ default: m.AgreementPage })));
const PrivacyPage = lazyPage(() => companyPages().then((m) => ({ default: m.PrivacyPage })));

const auth = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;

/** The routes of docs/product.md#screens, history mode, base '/'. Later domains add their routes here. */
export const routes = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <TabLayout />,
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/home/info', element: <HomePage /> },
          { path: '/product/list', element: <ProductListPage /> },
          { path: '/wallet/info', element: auth(<WalletPage />) },
          { path: '/contactUs/info', element: <ContactUsPage /> },
          { path: '/mine/info', element: auth(<MinePage />) },
          { path: '/pages/tabbar/honor/index', element: <HonorPage /> },
        ],
      },
      { path: '/account/signIn', element: <SignInPage /> },
      { path: '/account/signUp', element: <SignUpPage /> },
      { path: '/account/forgot', element: <ForgotPage /> },
      { path: '/mine/updatePassword', element: auth(<UpdatePasswordPage />) },
      { path: '/mine/userInfo', element: auth(<UserInfoPage />) },
      { path: '/mine/settings', element: auth(<SettingsPage />) },
      { path: '/mine/payPassword', element: auth(<PayPasswordPage />) },
      { path: '/mine/inviteFriends', element: auth(<InviteFriendsPage />) },
      { path: '/mine/myTeam', element: auth(<MyTeamPage />) },
      { path: '/mine/levelUser', element: auth(<LevelUserPage />) },
      { path: '/pagesB/mine/teamRank', element: auth(<TeamRankPage />) },
      { path: '/pagesB/draw/turntable', element: auth(<TurntablePage />) },
      { path: '/pagesB/draw/grid', element: auth(<GridDrawPage />) },
      { path: '/pagesB/draw/capsule', element: auth(<CapsulePage />) },
      { path: '/pagesB/draw/window', element: auth(<WindowPage />) },
      { path: '/pagesB/mine/drawRecord', element: auth(<DrawRecordPage />) },
      { path: '/pagesB/mine/drawRecordDetail', element: auth(<DrawRecordDetailPage />) },
      { path: '/pagesB/wallet/myAddress', element: auth(<AddressPage />) },
      { path: '/mine/redeem', element: auth(<RedeemPage />) },
      { path: '/mine/coupons', element: auth(<CouponsPage />) },
      { path: '/pagesB/mine/anniversaire', element: auth(<AnniversaryPage />) },
      { path: '/pagesB/mine/conference', element: auth(<ConferencePage />) },
      { path: '/pagesB/mine/statistics', element: auth(<StatisticsPage />) },
      { path: '/pagesB/mine/message', element: auth(<MessagesPage />) },
      { path: '/system/location/choose', element: auth(<LocationChoosePage />) },
      { path: '/system/location/open', element: auth(<LocationOpenPage />) },
      { path: '/pagesB/home/news', element: <NewsListPage /> },
      { path: '/home/information', element: <NewsDetailPage /> },
      { path: '/pagesB/home/posts', element: <PostsPage /> },
      { path: '/pagesB/home/postDetails', element: <PostDetailPage /> },
      { path: '/pagesB/home/comment', element: auth(<CommentPage />) },
      { path: '/pagesB/home/guideTypes', element: <GuideTypesPage /> },
      { path: '/pagesB/home/guides', element: <GuidesPage /> },
      { path: '/pagesB/home/guideDetails', element: <GuideDetailPage /> },
      { path: '/pagesB/honor/details', element: <HonorDetailPage /> },
      { path: '/contactUs/aboutUs', element: <AboutUsPage /> },
      { path: '/pagesB/home/history', element: <HistoryPage /> },
      { path: '/pagesB/home/leadership', element: <LeadershipPage /> },
      { path: '/pagesB/mine/agreement', element: <AgreementPage /> },
      { path: '/pagesB/mine/privacy', element: <PrivacyPage /> },
      { path: '/product/info', element: <ProductInfoPage /> },
      { path: '/product/myProduct', element: auth(<MyProductPage />) },
      { path: '/product/orderRecord', element: auth(<OrderRecordPage />) },
      { path: '/wallet/profitRecord', element: auth(<ProfitRecordPage />) },
      { path: '/wallet/depositRecord', element: auth(<DepositRecordPage />) },
      { path: '/wallet/withdrawRecord', element: auth(<WithdrawRecordPage />) },
      { path: '/wallet/pointsRecord', element: auth(<PointsRecordPage />) },
      { path: '/wallet/deposit', element: auth(<DepositPage />) },
      { path: '/wallet/depositStatus', element: auth(<DepositStatusPage />) },
      { path: '/wallet/withdraw', element: auth(<WithdrawPage />) },
      { path: '/wallet/mobileMoney', element: auth(<AccountsPage />) },
      { path: '/wallet/mobileMoneyUpdate', element: auth(<AccountEditPage />) },
      { path: '/system/maintenance/info', element: <MaintenancePage /> },
      { path: '/system/network-error/info', element: <NetworkErrorPage /> },
      // The spec names these two without describing them (docs/decisions.md): my money is the
      // wallet, MTN the mobile-money account.
      { path: '/mine/money', element: <Navigate to="/wallet/info" replace /> },
      { path: '/mine/mtn', element: <Navigate to="/wallet/mobileMoney" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes, { basename: '/' });
  setNavigator((path, options) => void router.navigate(path, options));
  return router;
}
