//
//  UIViewController+swizzle.h
//  RunTime
//
//  Created by haodai on 15/12/22.
//  Copyright (c) 2015年 zhouyong. All rights reserved.
//

#import <UIKit/UIKit.h>
/**
 *  黑魔法 方法交换
 */
@interface UIViewController (swizzle)

@end
